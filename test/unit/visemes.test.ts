import test from 'ava';
import { trackFromPhonemes, trackFromWords, visemeAt, visemeOfPhoneme, visemesOfWord } from '../../media/avatar/visemes.js';

test('phonemes map to the mouth shapes that show them', (t) => {
  t.is(visemeOfPhoneme('m'), 'MBP');
  t.is(visemeOfPhoneme('b'), 'MBP');
  t.is(visemeOfPhoneme('p'), 'MBP');
  t.is(visemeOfPhoneme('f'), 'FV');
  t.is(visemeOfPhoneme('ɑ'), 'AA');
  t.is(visemeOfPhoneme('æ'), 'AA');
  t.is(visemeOfPhoneme('u'), 'U');
  t.is(visemeOfPhoneme('o'), 'O');
  t.is(visemeOfPhoneme('w'), 'WQ');
  t.is(visemeOfPhoneme('ʃ'), 'CH');
  t.is(visemeOfPhoneme('ð'), 'TH');
  t.is(visemeOfPhoneme('l'), 'L');
  t.is(visemeOfPhoneme('i'), 'I');
  t.is(visemeOfPhoneme('ɛ'), 'E');
  t.is(visemeOfPhoneme('.'), 'rest', 'a pause rests the mouth');
  t.is(visemeOfPhoneme('?'), 'rest');
  t.is(visemeOfPhoneme('aɪ'), 'AA', 'a diphthong starts with its first sound');
});

test('a track from phonemes merges neighbours of one shape and is looked up by time', (t) => {
  // "mama." as Piper might time it
  const track = trackFromPhonemes(
    [
      { phoneme: 'm', start: 0.05, end: 0.1 },
      { phoneme: 'ɑ', start: 0.1, end: 0.2 },
      { phoneme: 'm', start: 0.2, end: 0.25 },
      { phoneme: 'ə', start: 0.25, end: 0.3 },
      { phoneme: 'ɛ', start: 0.3, end: 0.35 },
      { phoneme: '.', start: 0.35, end: 0.5 },
    ],
    600,
  );
  t.is(track.timing, 'measured');
  t.deepEqual(
    track.segments.map((s) => s.viseme),
    ['MBP', 'AA', 'MBP', 'E', 'rest'],
  );
  t.is(visemeAt(track, 0), 'rest', 'before the first sound');
  t.is(visemeAt(track, 60), 'MBP');
  t.is(visemeAt(track, 150), 'AA');
  t.is(visemeAt(track, 199.9), 'AA');
  t.is(visemeAt(track, 200), 'MBP');
  t.is(visemeAt(track, 320), 'E', 'ə and ɛ are one segment');
  t.is(visemeAt(track, 400), 'rest');
  t.is(visemeAt(track, 10_000), 'rest', 'after the end');
});

test('a track from word times spreads each word’s letters over it and says interpolated', (t) => {
  t.deepEqual(visemesOfWord('Show'), ['CH', 'O', 'WQ']);
  t.deepEqual(visemesOfWord('map!'), ['MBP', 'AA', 'MBP']);
  const track = trackFromWords(
    [
      { word: 'map', start: 0.1, end: 0.4 },
      { word: 'fee', start: 0.5, end: 0.7 },
    ],
    800,
  );
  t.is(track.timing, 'interpolated');
  t.is(visemeAt(track, 150), 'MBP');
  t.is(visemeAt(track, 250), 'AA');
  t.is(visemeAt(track, 350), 'MBP');
  t.is(visemeAt(track, 450), 'rest', 'between words');
  t.is(visemeAt(track, 550), 'FV');
  t.is(visemeAt(track, 650), 'I');
});
