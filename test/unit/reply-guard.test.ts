import test from 'ava';
import { asksAboutIt, fillerFor, ReplyGuard } from '../../actors/session/reply/reply-guard.js';
import { asksWhoItIs, mustSay } from '../../actors/session/reply/must-say.js';

const persona = {
  systemPrompt: 'Bruno Keller is a baker in a small Swiss village who starts work at four every morning.',
  description: 'A baker',
  traits: ['patient'],
};

test('the guard refuses the companion speaking of itself in the second or third person, greeting itself, or repeating itself', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, ['I bake rye bread on Saturdays.'], 'Maya');
  t.is(guard.refuses('You are Bruno Keller.'), 'speaks of itself in the second or third person');
  t.is(guard.refuses('Bruno Keller has run the bakery for years.'), 'speaks of itself in the second or third person');
  // A walk-through of the default, with a mountain guide: a clause between the name and its verb.
  t.is(
    guard.refuses('Bruno Keller, with two apprentices named Lea and Tom, is a cheerful baker.'),
    'speaks of itself in the second or third person',
  );
  t.is(guard.refuses('Hi Bruno!'), 'greets itself');
  t.is(guard.refuses("I'm Maya."), "takes the user's name");
  t.is(guard.refuses('I bake rye bread on Saturdays.'), 'repeats an earlier reply');
  t.is(guard.refuses('I am Bruno Keller, and I bake bread before dawn.'), undefined);
  t.is(guard.refuses('Nice to meet you, Maya!'), undefined);
});

test('a sentence addressing the companion by name is repaired into the first person when it cannot be asked again', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, []);
  t.is(guard.repair('You are Bruno Keller.'), 'I am Bruno Keller.');
  t.is(guard.repair("You're Bruno, the baker."), "I'm Bruno, the baker.");
  t.is(guard.repair('Well, your name is Bruno Keller.'), 'Well, my name is Bruno Keller.');
  t.is(guard.repair('So you are Bruno and I am Maya.'), 'So I am Bruno and I am Maya.');
  t.is(guard.repair('You are welcome here any time.'), 'You are welcome here any time.', 'only the companion’s name is repaired');
  t.is(guard.refuses(guard.repair('You are Bruno Keller.')), undefined);
});

test('its name alone is refused as the answer to a line that did not ask who it is', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, [], undefined, false);
  t.is(guard.refuses("Okay, I'm Bruno Keller."), 'answers with its name alone');
  t.is(guard.refuses("That's right, I'm Bruno Keller."), 'answers with its name alone');
  t.is(guard.refuses('Yes, I am Bruno, a baker in a small village.'), 'answers with its name alone');
  t.is(guard.refuses('Bruno.'), 'answers with its name alone', 'the name and nothing else (a benchmark run: "Hazel.")');
  t.is(guard.refuses('I am Bruno Keller, and I start work at four.'), undefined, 'a name with an answer after it');
  t.is(guard.refuses('Start the dough the night before.'), undefined);
  const asked = new ReplyGuard('Bruno Keller', persona, [], undefined, true);
  t.is(asked.refuses("Hello! I'm Bruno Keller."), undefined, 'asked who it is, its name is the answer');
  // The benchmark's Pearl: "Hi, my name is Omar. What's yours?" lost its name when it opened the reply.
  for (const line of [
    'What is your name?',
    'Are you a real person?',
    'Are you an AI?',
    'Tell me about yourself.',
    "Hi, my name is Omar. What's yours?",
  ])
    t.true(asksWhoItIs(line), line);
  for (const line of ['Any tips?', 'How long have you kept the lighthouse?', 'Who do you live with?', "I love tea. What's yours?"])
    t.false(asksWhoItIs(line), line);
  t.is(mustSay('Pearl', "I'm Omar. What's yours?", false, undefined, 'Omar')?.opening, "I'm Pearl.");
});

test('asked back the name the user gave, the reply must say it, and a reply that never does opens with it', (t) => {
  const must = mustSay('Pearl', "What's my name again?", false, 'Omar')!;
  t.is(must.opening, "You're Omar.");
  t.true(must.said.test('Of course, Omar, I remember.'));
  t.false(must.said.test('Oh, you.'));
  t.is(mustSay('Pearl', "What's my name again?", false), undefined, 'no name given: nothing to say');
  t.is(mustSay('Pearl', 'Who am I talking to?', false, 'Omar')?.opening, "I'm Pearl.", "asks the character's name, not the user's");
  // A held-out character's line in the benchmark, with its typographic apostrophe: the name note was never sent.
  t.is(mustSay('Grace Okafor', 'Do you remember what I’m called?', false, 'Priyanka')?.opening, "You're Priyanka.");
});

test('its "I" with a verb of the third person is refused: the question turned round, not an answer', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, []);
  // Both from the ten-turn test's log of the greedy default: "Who helps you at the ovens?", "Where do you sleep?"
  for (const garbled of ['I helps me at the ovens.', 'I sleeps on the flour sacks.', 'Yes, I has a dog.'])
    t.is(guard.refuses(garbled), 'says "I" with a verb of the third person', garbled);
  for (const fine of [
    'I always bake rye on Saturdays.',
    'I guess my apprentice helps.',
    'I focus on the ovens.',
    'I was born here.',
    'I miss the mountains.',
  ])
    t.is(guard.refuses(fine), undefined, fine);
});

test('the persona told back to the character in the second person is repaired into the first person', (t) => {
  const ferry = {
    systemPrompt: 'Henrike Vos is a ferry captain who has run the night boat between Harlingen and Terschelling for twelve years.',
    description: 'Her old dog Kobus rides along on every crossing.',
    traits: [],
  };
  const guard = new ReplyGuard('Henrike Vos', ferry, []);
  // From a walk-through of the default: refused twice, then the fixed line was spoken instead.
  const told = "You're running a ferry from Harlingen to Terschelling.";
  t.is(guard.refuses(told), 'speaks of itself in the second person');
  t.is(guard.repair(told), "I'm running a ferry from Harlingen to Terschelling.");
  t.is(guard.refuses(guard.repair(told)), undefined);
  t.is(guard.repair('Your dog Kobus rides with you on every crossing.'), 'My dog Kobus rides with me on every crossing.');
  t.is(guard.repair('You should bring a coat for the crossing.'), 'You should bring a coat for the crossing.', 'advice to the user stays');
});

test('a question about the companion answered about "you" is refused, and repaired into the first person', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, [], undefined, false, 'Do you bake on Sundays?');
  // From a walk-through of the default: "Do you bring anyone along on your crossings?" → "You don't."
  t.is(guard.refuses("You don't."), 'answers a question about itself about "you"');
  t.is(guard.refuses("Well, you're baking bread."), 'answers a question about itself about "you"');
  t.is(guard.repair("You don't."), "I don't.");
  t.is(guard.refuses(guard.repair("You don't.")), undefined);
  for (const fine of [
    'You should come by on Saturday.',
    "You're right, I do.",
    "You'll love the rye.",
    'You know, I bake at four.',
    'I do.',
  ])
    t.is(guard.refuses(fine), undefined, fine);
  // The same sentence answers a line about the user.
  t.is(new ReplyGuard('Bruno Keller', persona, [], undefined, false, 'What do I study?').refuses("You're a student."), undefined);
  // "What boat do you run?" → "The boat you are running is the night boat." (the ferry captain's walk-through)
  const boat = new ReplyGuard('Bruno Keller', persona, [], undefined, false, 'What boat do you run?');
  t.is(boat.refuses('The boat you are running is the night boat.'), 'answers a question about itself about "you"');
  t.is(boat.repair('The boat you are running is the night boat.'), 'The boat I am running is the night boat.');
  t.is(boat.refuses('The boat I run is the night boat, and you can ride along.'), undefined);
  // A walk-through with a beekeeper: "What kind of honey do you make?" → "The honey you make is ulmo honey."
  const honey = new ReplyGuard('Bruno Keller', persona, [], undefined, false, 'What kind of honey do you make?');
  t.is(honey.repair('The honey you make is ulmo honey.'), 'The honey I make is ulmo honey.');
  for (const line of ['Do you bring anyone along on your crossings?', 'What boat do you run?', 'Are you an AI?'])
    t.true(asksAboutIt(line), line);
  for (const line of ['Do you remember my name?', 'What do you think I should do?', 'Any advice for my trip?', 'You bake bread.'])
    t.false(asksAboutIt(line), line);
});

test('told the user’s name without a question, the reply must greet them by it', (t) => {
  const must = mustSay('Henrike Vos', "I'm Tomasz, by the way. I study in Groningen.", false, undefined, 'Tomasz')!;
  t.is(must.opening, 'Nice to meet you, Tomasz.');
  t.true(must.said.test('Welcome aboard, Tomasz!'));
  t.false(must.said.test("You're going to the ferry."));
  t.is(mustSay('Henrike Vos', "I'm Tomasz. What boat do you run?", false, undefined, 'Tomasz'), undefined, 'a question is answered first');
  t.is(mustSay('Henrike Vos', "I'm Tomasz. What's your name?", false, undefined, 'Tomasz')?.opening, "I'm Henrike Vos.");
});

test('an assistant’s talk is refused; a bare greeting answering a question is filler', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, []);
  // Both from a benchmark run of the default: a beekeeper asked about winter, a tram driver asked for ideas.
  for (const talk of [
    "If you have any other questions, please don't hesitate to ask.",
    'Sure, I can help you with that.',
    'Here are some ideas for your commute:',
    'Sure, please do so. What do you need assistance with?',
    "Oh, I'd love to help you with that!",
    // A ramen cook asked about his shop, and a nurse asked about her work (a benchmark run).
    "I don't have any information about my shop.",
    "I apologize, but I don't know a ramen called Priya.",
    "I'm just here to help!",
    // A tram driver asked about her son and her weekends (a benchmark run).
    "I'm ready to talk to you.",
  ])
    t.is(guard.refuses(talk), 'talks like an assistant', talk);
  t.is(guard.refuses('I can help you knead the dough on Saturday.'), undefined);
  t.is(guard.refuses("I don't have any flour left today."), undefined);
  t.is(guard.refuses("I'm ready to close the shop."), undefined);
  const filler = fillerFor('What does your son want to be?');
  t.true(filler('Good morning, Ravi!'));
  t.true(filler('Hello!'));
  t.false(filler('Hello, my son wants to be a vet.'));
  t.false(fillerFor('Good morning! Who are you?')('Good morning!'), 'a greeting answers a greeting');
  t.false(fillerFor("I'm Tomasz, by the way.")('Nice to meet you, Tomasz.'), 'a greeting answers an introduction');
});

test('a recital of the persona is cut at a clause before it runs on for eight words; nothing is kept that the guard refuses', (t) => {
  // Odile Varga of the replies benchmark, asked "How many hives do you have?".
  const odile = {
    systemPrompt: 'Odile Varga has kept bees for twenty-two years and has forty hives on the hillside behind her house.',
    description: 'She sings alto in a church choir on Thursdays and walks her greyhound, Pepper.',
    traits: [],
  };
  const guard = new ReplyGuard('Odile Varga', odile, [], undefined, false, 'How many hives do you have?');
  t.is(guard.refuses('I have forty hives on the hillside behind my house.'), 'recites its persona');
  t.is(guard.shortened('I have forty hives on the hillside behind my house.'), 'I have forty hives on the hillside.');
  t.is(guard.shortened('I sing alto in a church choir on Thursdays and walk my greyhound, Pepper.'), 'I sing alto in a church choir.');
  // Asked about the hives, the clause that tells them, a sentence of its own (a benchmark turn cut it to "I have kept bees.").
  t.is(guard.shortened('I have kept bees for twenty-two years and have forty hives.'), 'I have forty hives.');
  t.is(
    guard.shortened('I have kept bees for twenty-two years and have forty hives on the hillside behind my house.'),
    'I have forty hives on the hillside.',
  );
  t.is(guard.shortened('I have forty hives.'), undefined, 'not a recital: nothing to cut');
  // Someone the card names, by their name: a cut had kept "My son Tomek is studying." (a benchmark turn).
  const marta = { systemPrompt: 'Marta drives a tram.', description: 'Her son Tomek is studying to become a vet.', traits: [] };
  const son = new ReplyGuard('Marta Kowalczyk', marta, [], undefined, false, 'What does your son want to be?');
  t.is(son.shortened('My son Tomek is studying to become a vet.'), 'Tomek is studying to become a vet.');
  // Asked about something else, the start: cut before "in" the rest ("I kept bees") is too short an answer; before "for" it would dangle.
  const asked = new ReplyGuard('Odile Varga', odile, [], undefined, false, 'Do bees ever sting you?');
  t.is(asked.shortened('I have kept bees for twenty-two years and have forty hives.'), 'I have kept bees for twenty-two years.');
  t.is(
    asked.shortened('I kept bees for twenty-two years and have forty hives on the hillside behind my house.'),
    'I kept bees for twenty-two years.',
  );
  const repeating = new ReplyGuard('Odile Varga', odile, ['I have forty hives on the hillside.'], undefined, false, 'How many hives?');
  t.is(repeating.shortened('I have forty hives on the hillside behind my house.'), 'I have forty hives.', 'a cut that repeats is no cut');
  // Asked where, the place (Bashir Haddad of the benchmark: "Which city is your stall in?").
  const bashir = { systemPrompt: 'Bashir Haddad runs a spice stall in the old market of Amman.', description: '', traits: [] };
  const where = new ReplyGuard('Bashir Haddad', bashir, [], undefined, false, 'Which city is your stall in?');
  t.is(where.shortened('I run a spice stall in the old market of Amman.'), 'In the old market of Amman.');
  const what = new ReplyGuard('Bashir Haddad', bashir, [], undefined, false, 'What do you sell?');
  t.is(what.shortened('I run a spice stall in the old market of Amman.'), 'I run a spice stall.');
  // Asked what its thing is, the predicate (Pearl of the benchmark: the persona's words on every attempt).
  const pearl = { systemPrompt: 'Her favourite clock is a 1790s longcase clock with a painted moon dial.', description: '', traits: [] };
  const favourite = new ReplyGuard('Pearl', pearl, [], undefined, false, 'What is your favourite clock?');
  t.is(favourite.shortened('My favourite clock is a 1790s longcase clock with a painted moon dial.'), 'A 1790s longcase clock.');
  const other = new ReplyGuard('Pearl', pearl, [], undefined, false, 'Tell me about your clocks.');
  t.is(other.shortened('My favourite clock is a 1790s longcase clock with a painted moon dial.'), undefined);
});

test('asked when, a recital is cut to the time it ends with; "I" with a bare -ing form is refused', (t) => {
  // A walk-through's night baker, asked "When do you start baking?".
  const rafael = {
    systemPrompt: 'Rafael Duarte bakes broa corn bread and pastéis de nata from midnight until seven.',
    description: 'He is warm, teasing and proud of his sourdough starter.',
    traits: [],
  };
  const when = new ReplyGuard('Rafael Duarte', rafael, [], undefined, false, 'When do you start baking?');
  t.is(when.shortened('I bake broa corn bread and pastéis de nata from midnight until seven.'), 'From midnight until seven.');
  t.is(when.refuses('I teasing and proud of my sourdough starter.'), 'says "I" with a bare -ing form');
  t.is(when.refuses('I sing while the dough rises.'), undefined);
  t.is(when.refuses('Thank you for your assistance.'), 'talks like an assistant');
});

test('its name copied from the exemplar introduction: a phrase of it answers where or when, otherwise it opens nothing', (t) => {
  // The replies benchmark's Odile Varga, asked "Where do you live?", answered with her introduction.
  const odile = {
    systemPrompt: 'Odile Varga is a beekeeper who lives in a stone cottage outside Pécs.',
    description: '',
    traits: [],
  };
  const intro = 'I am Odile Varga, a beekeeper who lives in a stone cottage outside Pécs.';
  const where = new ReplyGuard('Odile Varga', odile, [], undefined, false, 'Where do you live?');
  t.true(where.onlyItsName(intro));
  t.is(where.shortened(intro), 'In a stone cottage outside Pécs.');
  const what = new ReplyGuard('Odile Varga', odile, [], undefined, false, 'Do bees ever sting you?');
  t.true(what.onlyItsName(intro));
  t.is(what.shortened(intro), undefined, 'no phrase of it answers this question');
  t.false(what.onlyItsName('I am Odile Varga, and the bees sting me twice a week.'), 'its name with an answer');
  const asked = new ReplyGuard('Odile Varga', odile, [], undefined, true, 'Who are you?');
  t.false(asked.onlyItsName(intro), 'asked who it is, its name is the answer');
});

test('a sentence that only acknowledges is filler where a question asked something', (t) => {
  // The 0.5B default in a benchmark run: "Why is the sky dark at night?" → "That's great!".
  const filler = fillerFor('Why is the sky dark at night?');
  for (const s of ["That's great!", 'Great question!', 'Thank you for asking.', 'Oh, how interesting!', 'What a lovely question.'])
    t.true(filler(s), s);
  // An assistant's thanks for what the user gave (a walk-through: "…speaking in public. Any tips?").
  for (const s of ['Thank you for your advice.', 'Thank you for sharing!', 'Thanks for your input!']) t.true(filler(s), s);
  t.false(filler("That's great for the stars: the sky is dark because space is empty."), 'an acknowledgement that goes on to answer');
  t.false(fillerFor('I finally finished my thesis!')("That's great!"), 'it answers a line that asked nothing');
});

test('thanking itself by name is greeting itself', (t) => {
  // A benchmark run's beekeeper, asked "What do you do in winter?".
  const guard = new ReplyGuard('Odile Varga', { systemPrompt: 'Odile Varga keeps bees.', description: '', traits: [] }, []);
  t.is(guard.refuses('Thank you for your guidance, Odile Varga.'), 'greets itself');
  t.is(guard.refuses('Thank you for asking, I am Odile.'), undefined);
});

test('a recital is cut to the phrase the question asks for: where, who with, how long, up to the next clause', (t) => {
  // A walk-through's ferry cook, Inès Moreau, whose recital was cut to "I live in a small flat." twice.
  const ines = {
    systemPrompt:
      "Inès Moreau is a ferry-boat cook on the crossing between Marseille and Corsica. She has cooked in the ship's galley for nine years.",
    description: 'She lives in a small flat in the Panier quarter of Marseille with her brother Luc.',
    traits: [],
  };
  const recital = 'I live in a small flat in the Panier quarter of Marseille with my brother Luc.';
  const asked = (question: string) => new ReplyGuard('Inès Moreau', ines, [], undefined, false, question);
  t.is(asked('Where do you live in Marseille?').shortened(recital), 'In the Panier quarter of Marseille.');
  t.is(asked('Who do you live with?').shortened(recital), 'With my brother Luc.');
  t.is(asked('How long have you worked on the ferry?').shortened("I have cooked in the ship's galley for nine years."), 'For nine years.');
  t.is(asked('What do you cook?').shortened(recital), 'I live in a small flat.', 'asked nothing of the kind: the first clause');
  // Another walk-through's hut warden: the phrase ends where another clause starts.
  const ayaka = {
    systemPrompt: 'Ayaka Mori has run the Karasawa hut for six years and cooks curry rice for the climbers.',
    description: '',
    traits: [],
  };
  const howLong = new ReplyGuard('Ayaka Mori', ayaka, [], undefined, false, 'How long have you run the hut?');
  t.is(howLong.shortened('I have run the Karasawa hut for six years and cook curry rice for the climbers.'), 'For six years.');
  t.true(fillerFor('What do you cook on the boat?')('Great morning, Daniel!'), 'a garbled greeting is filler too');
});

test('a short reply said again word for word is a repetition; a sentence of the question’s own words does not answer it', (t) => {
  // A benchmark run's storyteller: "Are you a robot?" → "I'm a person.", then asked for a story → "I'm a person.".
  const tilly = { systemPrompt: 'Tilly tells bedtime stories.', description: '', traits: [] };
  const guard = new ReplyGuard('Tilly', tilly, ["I'm a person."], undefined, false, 'Tell me a very short story about a bunny.');
  t.is(guard.refuses("I'm a person."), 'repeats an earlier reply');
  t.is(guard.refuses('Once a bunny hopped.'), undefined);
  // A benchmark run's beekeeper: the answer was Bence.
  const odile = {
    systemPrompt: "Odile keeps bees. Her neighbour's boy, Bence, helps her with the heavy frames.",
    description: '',
    traits: [],
  };
  const who = new ReplyGuard('Odile', odile, [], undefined, false, 'Who helps you with the heavy frames?');
  t.is(who.refuses('I help you with the heavy frames.'), 'says the question back');
  t.is(who.refuses('Bence helps me with the heavy frames.'), undefined);
  const morning = new ReplyGuard('Odile', odile, [], undefined, false, 'Hi! What do you do every morning?');
  t.is(morning.refuses('I do it every morning.'), 'says the question back');
  const yesNo = new ReplyGuard('Odile', odile, [], undefined, false, 'Do you like the sea?');
  t.is(yesNo.refuses('I do like the sea.'), undefined, 'a yes-or-no question is answered by its own words');
});

test('asked what the card tells, a first sentence sharing no word with the question or the card’s answer misses it', (t) => {
  // A benchmark turn of the default, on every run: "What is your favourite planet?" → "I enjoy working nights with my telescope, Old Bess."
  const ada = {
    systemPrompt: 'Dr. Ada Stone is an astronomer.',
    description: 'Her favourite planet is Saturn because of its rings.',
    traits: [],
  };
  const fact = 'My favourite planet is Saturn because of its rings.';
  const guard = new ReplyGuard('Dr. Ada Stone', ada, [], undefined, false, 'What is your favourite planet?', fact);
  t.true(guard.missesTheQuestion('I enjoy working nights with my telescope, Old Bess.'));
  t.false(guard.missesTheQuestion('Saturn, without a doubt.'));
  t.false(guard.missesTheQuestion('Every planet has its charm, but I love one most.'));
  // No fact noted, or no question asked: nothing to miss.
  t.false(new ReplyGuard('Dr. Ada Stone', ada, [], undefined, false, 'What is your favourite planet?').missesTheQuestion('I like tea.'));
  t.false(new ReplyGuard('Dr. Ada Stone', ada, [], undefined, false, 'Tell me about Saturn.', fact).missesTheQuestion('I like tea.'));
  // Advice for the user's own: a good answer may share no word.
  const advice = new ReplyGuard('Dr. Ada Stone', ada, [], undefined, false, 'Which planet should I look for tonight?', fact);
  t.false(advice.missesTheQuestion('Look south after ten, low in the sky.'));
});

test('asked what its relative clause tells, a recital of its introduction is cut to that clause, in the first person', (t) => {
  // A walk-through's piano tuner, asked "Who taught you your trade?": "I am a piano tuner in Accra."
  const kwame = {
    systemPrompt: 'Kwame Asante is a piano tuner in Accra who learned the trade from his uncle. He loves explaining pitch to children.',
    description: '',
    traits: [],
  };
  const recital = 'I am a piano tuner in Accra who learned the trade from my uncle.';
  t.is(
    new ReplyGuard('Kwame Asante', kwame, [], undefined, false, 'Who taught you your trade?').shortened(recital),
    'I learned the trade from my uncle.',
  );
  t.is(new ReplyGuard('Kwame Asante', kwame, [], undefined, false, 'What do you do?').shortened(recital), 'I am a piano tuner in Accra.');
  // The verb of the clause put in the first person.
  const teacher = { ...kwame, systemPrompt: 'Kwame Asante is a piano tuner in Accra who loves explaining pitch to children.' };
  t.is(
    new ReplyGuard('Kwame Asante', teacher, [], undefined, false, 'Who do you love explaining pitch to?').shortened(
      'I am a piano tuner in Accra who loves explaining pitch to children.',
    ),
    'I love explaining pitch to children.',
  );
});
