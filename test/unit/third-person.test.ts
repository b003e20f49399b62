import test from 'ava';
import { firstPersonClauses, firstPersonVerb } from '../../actors/session/reply/third-person.js';
import { languagePack } from '../../actors/session/reply/language-packs.js';
import { FUNCTION_WORDS } from '../../actors/session/reply/language-profiles.js';
import { personaFactFor } from '../../actors/session/reply/openai-engine.js';
import { detectLanguage } from '../../actors/session/reply/language-detector.js';
import type { ReplyContext } from '../../actors/session/reply/reply-engine.js';

const inFirstPerson = (language: string, name: string, card: string) =>
  firstPersonClauses(card, name, languagePack(language)!.thirdPerson!, FUNCTION_WORDS.get(language)!)
    .map((c) => c.said)
    .join(' ');

/** A turn in `language` to a character whose persona is `card` (and `description`), asking `userText`. */
const asking = (language: string, name: string, card: string, userText: string, description = ''): ReplyContext => ({
  characterName: name,
  personality: { systemPrompt: card, description, traits: [], greeting: '' },
  history: [],
  userText,
  language,
  characterLanguage: language,
});
const factOf = (ctx: ReplyContext) => personaFactFor(ctx, ctx.userText, undefined);

test("a verb of the third person in the first, by the pack's irregular forms, then its endings", (t) => {
  const verb = (language: string, word: string) =>
    firstPersonVerb(word, languagePack(language)!.thirdPerson!, FUNCTION_WORDS.get(language)!);
  t.is(verb('es', 'tiene'), 'tengo');
  t.is(verb('es', 'trabaja'), 'trabajo');
  t.is(verb('es', 'trabajaba'), 'trabajaba', "the imperfect's first person is its third");
  t.is(verb('es', 'conoce'), 'conozco');
  t.is(verb('fr', 'vend'), 'vends');
  t.is(verb('fr', 'vit'), 'vis');
  t.is(verb('fr', 'travaillait'), 'travaillais');
  t.is(verb('it', 'lavora'), 'lavoro');
  t.is(verb('it', 'è'), 'sono');
  t.is(verb('pt', 'mora'), 'moro');
  t.is(verb('pt', 'trabalhou'), 'trabalhei');
  t.is(verb('es', 'la'), undefined, 'a function word is no verb');
  t.is(verb('es', 'su'), undefined, 'nor a possessive');
  t.is(verb('es', 'pan'), undefined, 'nor a word no ending fits');
});

test("a card's sentences about the character in the first person, a clause each", (t) => {
  t.is(
    inFirstPerson('fr', 'Odile Marchand', 'Odile tient une librairie à Nantes, lit des polars le soir et vit avec son chien, Gaspard.'),
    'Je tiens une librairie à Nantes. Je lis des polars le soir. Je vis avec mon chien, Gaspard.',
  );
  t.is(
    inFirstPerson('fr', 'Odile', "Elle s'occupe de ses ruches et n'a pas de voiture."),
    "Je m'occupe de mes ruches. Je n'ai pas de voiture.",
  );
  t.is(
    inFirstPerson('es', 'Rosa Vidal', 'Rosa vende fruta en el mercado de Ruzafa y toca la guitarra en un bar.'),
    'Vendo fruta en el mercado de Ruzafa. Toco la guitarra en un bar.',
  );
  t.is(
    inFirstPerson('it', 'Marco', 'Lui ripara biciclette a Torino e ha un gatto di nome Briciola.'),
    'Riparo biciclette a Torino. Ho un gatto di nome Briciola.',
  );
  t.is(inFirstPerson('pt', 'Joana', 'Ela mora em Recife e trabalha numa livraria.'), 'Moro em Recife. Trabalho numa livraria.');
});

test('what the rules cannot tell is left as written', (t) => {
  // "pan de aceite y molletes": no verb after "y", one clause.
  t.is(inFirstPerson('es', 'Rosa', 'Rosa hornea pan de aceite y molletes en su horno.'), 'Horneo pan de aceite y molletes en mi horno.');
  // After a comma, a noun as often as a verb: only a verb the pack lists starts a clause there.
  t.is(
    inFirstPerson('pt', 'Joana Lima', 'Você é Joana Lima, professora de música em Olinda.'),
    'Sou Joana Lima, professora de música em Olinda.',
  );
  // Someone else's sentence: only the character's possessive turns.
  t.is(inFirstPerson('es', 'Rosa', 'Su hermano Pablo reparte el pan.'), 'Mi hermano Pablo reparte el pan.');
  // No subject the rules know (an adverb first, a name of a place): as written.
  t.is(inFirstPerson('es', 'Rosa', 'Cada mañana hornea pan. Valencia es bonita.'), 'Cada mañana hornea pan. Valencia es bonita.');
  // An impersonal "il": "il y a" is no one's.
  t.is(inFirstPerson('fr', 'Paul', 'Il y a un jardin derrière la maison.'), 'Il y a un jardin derrière la maison.');
  // An order to the character is no fact of it: French says "tu" to a verb of the character.
  t.is(inFirstPerson('fr', 'Odile', 'Réponds toujours en français.'), 'Réponds toujours en français.');
});

test('a card written to the character, in the second person, in its own words', (t) => {
  t.is(
    inFirstPerson(
      'es',
      'Lucía',
      'Eres Lucía, una panadera de Sevilla. Cada mañana horneas pan de aceite y molletes antes del amanecer. Los domingos vas al mercado con tu hija. Responde siempre en español.',
    ),
    'Soy Lucía, una panadera de Sevilla. Cada mañana horneo pan de aceite y molletes antes del amanecer. Los domingos voy al mercado con mi hija. Responde siempre en español.',
  );
  // A word after an article is a noun whatever its ending ("las tardes"); after "y", a verb before a function word.
  t.is(
    inFirstPerson('es', 'Marta', 'Te levantas a las cinco y vendes el pescado en la lonja. Las tardes paseas por la playa.'),
    'Me levanto a las cinco y vendo el pescado en la lonja. Las tardes paseo por la playa.',
  );
  t.is(
    inFirstPerson(
      'fr',
      'Odile',
      "Tu es Odile, libraire à Nantes. Tu t'occupes de ta cave chaque matin. Le dimanche, tu fais du vélo. Tu aimes les polars.",
    ),
    "Je suis Odile, libraire à Nantes. Je m'occupe de ma cave chaque matin. Le dimanche, je fais du vélo. J'aime les polars.",
  );
  t.is(
    inFirstPerson('it', 'Giulia', 'Costruisci violini a mano nella tua bottega. La domenica canti in un coro e vai al mare.'),
    'Costruisco violini a mano nella mia bottega. La domenica canto in un coro e vado al mare.',
  );
  t.is(inFirstPerson('pt', 'Ana', 'Trabalhas numa livraria e tens um gato.'), 'Trabalho numa livraria e tenho um gato.');
});

test('a question finds the fact of a card in the second person by the time it names, and it is noted in the first', (t) => {
  const card =
    'Eres Lucía, una panadera de Sevilla. Cada mañana horneas pan de aceite y molletes antes del amanecer. Los domingos vas al mercado con tu hija.';
  const fact = (line: string) => factOf(asking('es', 'Lucía', card, line));
  t.is(fact('¿Qué haces por la mañana?'), 'Cada mañana horneo pan de aceite y molletes antes del amanecer.');
  t.is(fact('¿Qué haces los domingos?'), 'Los domingos voy al mercado con mi hija.');
  // The words of time still tell the language of a turn.
  t.is(detectLanguage('¿Y por la mañana?').language, 'es');
  t.is(detectLanguage('Et ce soir ?').language, 'fr');
});

test("the fact a question asks about is noted in the character's own words, from a card in the third person", (t) => {
  const ctx = (userText: string): ReplyContext => ({
    characterName: 'Odile Marchand',
    personality: {
      systemPrompt: 'Tu es Odile Marchand, libraire à Nantes.',
      description: 'Odile lit des polars le soir et vit avec son chien, Gaspard.',
      traits: [],
      greeting: '',
    },
    history: [],
    userText,
    language: 'fr',
    characterLanguage: 'fr',
  });
  t.is(personaFactFor(ctx('Tu aimes les polars ?'), 'Tu aimes les polars ?', undefined), 'Je lis des polars le soir.');
  t.is(personaFactFor(ctx('Comment s’appelle ton chien ?'), 'Comment s’appelle ton chien ?', undefined), 'Je vis avec mon chien, Gaspard.');
});

test('a question is matched with the card as written and answered as the character says it', (t) => {
  const joana: ReplyContext = {
    characterName: 'Joana Lima',
    personality: {
      systemPrompt: 'Você é Joana Lima, de Fortaleza.',
      description: 'Ela vende peixe na feira e conserta as redes no porto.',
      traits: [],
      greeting: '',
    },
    history: [],
    userText: 'O que você vende?',
    language: 'pt',
    characterLanguage: 'pt',
  };
  // "vende" of the question meets "vende" of the card; the note says "Vendo".
  t.is(personaFactFor(joana, 'O que você vende?', undefined), 'Vendo peixe na feira.');
  t.is(personaFactFor(joana, 'Você conserta redes?', undefined), 'Conserto as redes no porto.');
});

test('asked the name of someone the card names, the fact about them is noted, not the character asked its own name', (t) => {
  t.true(languagePack('it')!.asksName.test('Come si chiama?'), 'the formal "what is your name?"');
  t.false(languagePack('it')!.asksName.test('Come si chiama tuo fratello?'));
  t.true(languagePack('pt')!.asksName.test('Como você se chama?'));
  t.false(languagePack('pt')!.asksName.test('Como se chama o teu cão?'));
  const card = 'Sei Giulia, una liutaia di Cremona. Ogni sera suoni il violoncello con tuo fratello Paolo.';
  t.is(factOf(asking('it', 'Giulia', card, 'Come si chiama tuo fratello?')), 'Ogni sera suono il violoncello con mio fratello Paolo.');
});

test("asked by a general word (animals, family), the fact of the card that names one, in the card's language", (t) => {
  t.is(
    factOf(asking('fr', 'Claire', 'Tu es Claire, fromagère à Lyon. Tu vis avec ton chien, Praline.', 'Tu as un animal ?')),
    'Je vis avec mon chien, Praline.',
  );
  t.is(
    factOf(asking('pt', 'Ana', 'Ana é cantora em Salvador. Ela tem um cachorro chamado Feijão.', 'Você tem animais?')),
    'Tenho um cachorro chamado Feijão.',
  );
  t.is(
    factOf(asking('es', 'Lucía', 'Eres Lucía, panadera en Sevilla. Los domingos vas al mercado con tu hija.', '¿Tienes familia?')),
    'Los domingos voy al mercado con mi hija.',
  );
});
