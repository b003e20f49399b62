import test from 'ava';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { cardinal, ordinal, year } from '../../runtime/text/number-words.js';

const say = (text: string) => normaliseForSpeech(text).text;

test('currency is said as an amount of money, in every voice the same', (t) => {
  t.is(say('The ticket costs $12.50 today.'), 'The ticket costs twelve dollars and fifty cents today.');
  t.is(say('It was $1, then $1.01, then $0.99.'), 'It was one dollar, then one dollar and one cent, then ninety-nine cents.');
  t.is(say('A $1,200 fee'), 'A one thousand two hundred dollars fee');
  t.is(say('They raised $3.5 million and €20 more.'), 'They raised three point five million dollars and twenty euros more.');
  t.is(say('£2.50 or ¥500 or $5M'), 'two pounds and fifty pence or five hundred yen or five million dollars');
  t.is(say('$12.5 each'), 'twelve dollars and fifty cents each');
});

test('numbers, decimals, percentages, ordinals, ranges and codes', (t) => {
  t.is(say('I have 3 cats and 1,234 fish.'), 'I have three cats and one thousand two hundred thirty-four fish.');
  t.is(say('Pi is 3.14, roughly.'), 'Pi is three point one four, roughly.');
  t.is(say('Prices rose 4.5% (not -3%).'), 'Prices rose four point five percent (not minus three percent).');
  t.is(say('She came 1st, he came 22nd and I was 100th.'), 'She came first, he came twenty-second and I was one hundredth.');
  t.is(say('Wait 5-10 minutes for a 3-year-old.'), 'Wait five to ten minutes for a three-year-old.');
  t.is(say('Agent 007 is #1.'), 'Agent zero zero seven is number one.');
  t.is(say('Add 1/2 a cup, open 24/7.'), 'Add one half a cup, open twenty-four seven.');
  t.is(say('It is 20 °C, 5km away and weighs 1 kg.'), 'It is twenty degrees Celsius, five kilometers away and weighs one kilogram.');
  t.is(say('50 % off'), 'fifty percent off');
});

test('years where the words around them say so, and decades', (t) => {
  t.is(say('She was born in 1984 and moved in 2005.'), 'She was born in nineteen eighty-four and moved in two thousand five.');
  t.is(say('On May 5, 2024 it rained.'), 'On May fifth, twenty twenty-four it rained.');
  t.is(say('Music of the 1990s and the 80s'), 'Music of the nineteen nineties and the eighties');
  t.is(say('We sold 2024 tickets.'), 'We sold two thousand twenty-four tickets.', 'a count, not a year');
  t.is(say('from 1914-1918'), 'from nineteen fourteen to nineteen eighteen');
});

test('times of day, with and without a.m. and p.m.', (t) => {
  t.is(say('The meeting starts at 9:30 a.m. on Monday.'), 'The meeting starts at nine thirty ay em on Monday.');
  t.is(say('Call me at 5 pm.'), 'Call me at five pee em.');
  t.is(say('Lunch at 12:05, tea at 4:00 and dinner at 7pm.'), "Lunch at twelve oh five, tea at four o'clock and dinner at seven pee em.");
  t.is(say('The last train is at 23:45.'), 'The last train is at twenty-three forty-five.');
  t.is(say('Breakfast at 9.30am, or 7.05 p.m. for supper.'), 'Breakfast at nine thirty ay em, or seven oh five pee em for supper.');
  t.is(say('I am here at 9 AM'), 'I am here at nine ay em', '"am" after a word is the verb');
});

test('titles, streets and common abbreviations', (t) => {
  t.is(say('Mr. Smith met Dr. Jones and Mrs. Lee.'), 'Mister Smith met Doctor Jones and Missus Lee.');
  t.is(say('He lives on Baker St. near St. Paul’s.'), 'He lives on Baker Street near Saint Paul’s.');
  t.is(say('Turn onto Mulholland Dr. and park.'), 'Turn onto Mulholland Drive and park.');
  t.is(say('Bring fruit, e.g. apples, i.e., the red ones, etc.'), 'Bring fruit, for example apples, that is, the red ones, et cetera.');
  t.is(say('Mt. Everest vs. K2 at approx. noon'), 'Mount Everest versus K2 at approximately noon');
  t.is(say('See room No. 5 with Prof. Ada Lovelace Jr.'), 'See room number five with Professor Ada Lovelace Junior.');
  t.is(say('Mr Brown and Dr Who'), 'Mister Brown and Doctor Who');
  t.is(say('Mr Brown lives on Baker St in London.'), 'Mister Brown lives on Baker Street in London.');
  t.is(say('Acme Co. makes things, Acme Inc. too.'), 'Acme Company makes things, Acme Incorporated too.');
  t.is(say('It ships Jan. 5 from the U.S. and Tom & Jerry.'), 'It ships January fifth from the U.S. and Tom and Jerry.');
});

test('text without numbers or abbreviations passes unchanged, white space aside', (t) => {
  for (const text of ['The birch canoe slid on the smooth planks.', 'Really? Yes! "Fine," she said... (Done)', 'No. I said no.'])
    t.is(say(text), text);
  t.is(say('  two\nlines  '), 'two lines');
  t.is(say(''), '');
});

test('every written word keeps its own spoken form, so timings map back to what was written', (t) => {
  const { tokens } = normaliseForSpeech('Pay Dr. Lee $12.50 at 9:30 a.m. today.');
  t.deepEqual(tokens, [
    { written: 'Pay', spoken: 'Pay' },
    { written: 'Dr.', spoken: 'Doctor' },
    { written: 'Lee', spoken: 'Lee' },
    { written: '$12.50', spoken: 'twelve dollars and fifty cents' },
    { written: 'at', spoken: 'at' },
    { written: '9:30', spoken: 'nine thirty' },
    { written: 'a.m.', spoken: 'ay em' },
    { written: 'today.', spoken: 'today.' },
  ]);
});

test('number words: cardinals, ordinals and years', (t) => {
  t.is(cardinal('0'), 'zero');
  t.is(cardinal('15'), 'fifteen');
  t.is(cardinal('101'), 'one hundred one');
  t.is(cardinal('1000000'), 'one million');
  t.is(cardinal('2003004005'), 'two billion three million four thousand five');
  t.is(cardinal('12345678901234567'), 'one two three four five six seven eight nine zero one two three four five six seven');
  t.is(ordinal('1'), 'first');
  t.is(ordinal('12'), 'twelfth');
  t.is(ordinal('40'), 'fortieth');
  t.is(ordinal('103'), 'one hundred third');
  t.is(year('1900'), 'nineteen hundred');
  t.is(year('1905'), 'nineteen oh five');
  t.is(year('2000'), 'two thousand');
  t.is(year('2010'), 'twenty ten');
});

test('a telephone number is read digit by digit, a range of prices as one', (t) => {
  t.is(say('Call 555-1234 now.'), 'Call five five five one two three four now.');
  t.is(say('It costs $5-$10, or €3–4.'), 'It costs five to ten dollars, or three to four euros.');
});
