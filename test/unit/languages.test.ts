import test from 'ava';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { splitSentences } from '../../runtime/text/sentences.js';
import {
  BUILT_IN_VOICES,
  voiceHasLanguage,
  voiceSpeaking,
  builtInVoice,
  DEFAULT_VOICE_BY_LANGUAGE,
} from '../../runtime/voices/voice-catalog.js';
import { speechLanguage } from '../../runtime/text/languages.js';
import { visemeOfPhoneme, visemesOfWord } from '../../media/avatar/visemes.js';

const say = (text: string, language: string) => normaliseForSpeech(text, language).text;
const sentences = (text: string) => splitSentences(text, true).sentences;

test('Spanish: money, decimals with a comma, groups with a point, percent, times, dates, titles', (t) => {
  t.is(say('Cuesta 12,50 € en total.', 'es-ES'), 'Cuesta 12 euros con 50 céntimos en total.');
  t.is(say('Son 1.234 personas y 3,5 kilos.', 'es'), 'Son 1234 personas y 3,5 kilos.');
  t.is(say('Pagué 1 €, luego 0,99 €.', 'es'), 'Pagué 1 euro, luego 99 céntimos.');
  t.is(say('Subió un 15 % y luego un 4,5%.', 'es'), 'Subió un 15 por ciento y luego un 4,5 por ciento.');
  t.is(say('Nos vemos a las 9:30 el 3/5/2024.', 'es'), 'Nos vemos a las 9 y 30 el 3 de mayo de 2024.');
  t.is(say('La Sra. García y el Dr. Pérez, etc.', 'es'), 'La Señora García y el Doctor Pérez, etcétera.');
  t.is(say('Son $20 y -5 grados.', 'es'), 'Son 20 dólares y menos 5 grados.');
});

test('French: numbers grouped with spaces (also no-break ones) are one number; money, hours, titles', (t) => {
  t.is(say('Il y a 1 234,5 mètres.', 'fr'), 'Il y a 1234,5 mètres.');
  t.is(say('Il y a 1\u202f234\u202f567 habitants.', 'fr-FR'), 'Il y a 1234567 habitants.');
  t.is(say('Ça coûte 3,20 € ou 1 €.', 'fr'), 'Ça coûte 3 euros et 20 centimes ou 1 euro.');
  t.is(say('Rendez-vous à 14h30 avec M. Dupont et Mme Martin.', 'fr'), 'Rendez-vous à 14 heures 30 avec Monsieur Dupont et Madame Martin.');
  t.is(say('Le 1/5 à 8:00.', 'fr'), 'Le premier mai à 8 heures.');
  const tokens = normaliseForSpeech('Il y a 1 234,5 mètres.', 'fr').tokens.map((tk) => tk.written);
  t.deepEqual(tokens, ['Il', 'y', 'a', '1 234,5', 'mètres.'], 'the grouped number is one written word, for word timings');
});

test('Italian, Brazilian Portuguese, Hindi and Mandarin money and abbreviations', (t) => {
  t.is(say('Costa 2,50 € e il Sig. Rossi paga il 10%.', 'it'), 'Costa 2 euro e 50 centesimi e il Signor Rossi paga il 10 per cento.');
  t.is(say('Custa R$ 12,50, Sra. Silva.', 'pt-BR'), 'Custa 12 reais e 50 centavos, Senhora Silva.');
  t.is(say('São 10:15 da manhã.', 'pt'), 'São 10 horas e 15 da manhã.');
  t.is(say('इसकी कीमत ₹250.50 है।', 'hi'), 'इसकी कीमत 250 रुपये और 50 पैसे है।');
  t.is(say('一共 ¥12.50 ，打 50% 折。', 'zh-CN'), '一共 12元50分 ，打 百分之50 折。');
});

test('a time written with AM or PM is told on the 24-hour clock, the mark not read, its sentence end kept', (t) => {
  t.is(say('Abro das 10:00 AM até 2:00 PM.', 'pt-BR'), 'Abro das 10 horas até 14 horas.');
  t.is(say('Abrimos de 9:30 a.m. a 12 p.m. y cerramos a las 12:15 AM', 'es'), 'Abrimos de 9 y 30 a 12 en punto y cerramos a las 0 y 15');
  t.is(say('Cierro a las 8 p.m., ¿vale?', 'es'), 'Cierro a las 20 en punto, ¿vale?');
  t.is(say('Ouvert de 8 AM à 6 PM, le samedi.', 'fr'), 'Ouvert de 8 heures à 18 heures, le samedi.');
  t.is(say('Chiudo alle 7:45 pm.', 'it'), 'Chiudo alle 19 e 45.');
  t.is(say('下午 3:00 PM 见。', 'zh'), '下午 15点 见。');
  // Not a time: an hour past 12, or a mark apart from a number.
  t.is(say('Son las 14:00 PM y el AM de la radio.', 'es'), 'Son las 14 en punto PM y el AM de la radio.');
  const tokens = normaliseForSpeech('Até 2:00 PM.', 'pt').tokens;
  t.deepEqual(
    tokens.map((tk) => [tk.written, tk.spoken]),
    [
      ['Até', 'Até'],
      ['2:00', '14 horas.'],
      ['PM.', ''],
    ],
    'each written word keeps its spoken form, for word timings',
  );
});

test('English text keeps its own normaliser (number words), with or without a language', (t) => {
  t.is(say('It costs $12.50.', 'en-US'), 'It costs twelve dollars and fifty cents.');
  t.is(normaliseForSpeech('It costs $12.50.').text, 'It costs twelve dollars and fifty cents.');
});

test('sentences end at ideographic marks without a space, and not after other languages’ titles', (t) => {
  t.deepEqual(sentences('今天天气很好。我们去公园散步吧！你来吗？'), ['今天天气很好。', '我们去公园散步吧！', '你来吗？']);
  t.deepEqual(sentences('こんにちは。元気ですか？'), ['こんにちは。', '元気ですか？']);
  t.deepEqual(sentences('La Sra. García llegó. ¿Vienes?'), ['La Sra. García llegó.', '¿Vienes?']);
  t.deepEqual(sentences('Il Dott. Rossi è qui. Ciao.'), ['Il Dott. Rossi è qui.', 'Ciao.']);
  t.deepEqual(sentences('Bonjour Mme. Martin, ça va ? Oui.'), ['Bonjour Mme. Martin, ça va ?', 'Oui.']);
  // Streaming: a text that ends at an ideographic mark is complete at once.
  t.deepEqual(splitSentences('你好。', false, true).sentences, ['你好。']);
});

test('voices: every language has voices of its own, a default, and a language filter by code or tag', (t) => {
  for (const code of ['en', 'es', 'fr', 'it', 'pt', 'hi', 'zh']) {
    const voices = BUILT_IN_VOICES.filter((v) => voiceHasLanguage(v.language, code));
    t.true(voices.length >= 1, code);
    t.true(
      voices.some((v) => v.voiceId === DEFAULT_VOICE_BY_LANGUAGE[code]),
      code,
    );
  }
  t.is(BUILT_IN_VOICES.length, 50);
  t.true(voiceHasLanguage('pt-BR', 'pt-br'));
  t.false(voiceHasLanguage('pt-BR', 'pt-PT'));
  t.true(voiceHasLanguage('en-GB', 'en'));
  t.false(voiceHasLanguage('en-GB', 'es'));
  t.is(speechLanguage('cmn')?.code, 'zh');
});

test('a Kokoro voice speaks another language with its own timbre; joe stays English', (t) => {
  const heart = builtInVoice('en-US-slt')!;
  const spanish = voiceSpeaking(heart, 'es');
  t.is(spanish.engineVoice, 'af_heart@es');
  t.is(spanish.language, 'es-ES');
  t.is(voiceSpeaking(builtInVoice('es-ES-dora')!, 'es'), builtInVoice('es-ES-dora')!, 'already that language');
  t.is(voiceSpeaking(builtInVoice('es-ES-dora')!, 'en-GB').engineVoice, 'ef_dora@en-gb');
  t.is(voiceSpeaking(builtInVoice('en-US-joe')!, 'es').engineVoice, 'joe');
  const clone = { ...heart, voiceId: 'vce_x', engineVoice: 'clone:u/vce_x/2@en-gb', language: 'en-GB' };
  t.is(voiceSpeaking(clone, 'fr').engineVoice, 'clone:u/vce_x/2@fr-fr');
  t.is(voiceSpeaking(heart, 'de'), heart, 'a language not spoken here: the voice as it is');
});

test('lip-sync shapes come from each language’s sounds: espeak-ng phonemes, accented letters, Devanagari, Chinese syllables', (t) => {
  t.is(visemeOfPhoneme('β'), 'MBP', 'Spanish b between vowels: lips');
  t.is(visemeOfPhoneme('ʁ'), 'E', 'French r: inside the mouth');
  t.is(visemeOfPhoneme('y'), 'U', 'French u: rounded');
  t.is(visemeOfPhoneme('ɕ'), 'CH', 'Mandarin x');
  t.is(visemeOfPhoneme('ʈ'), 'I', 'Hindi retroflex t');
  t.is(visemeOfPhoneme('ɔ̃'), 'O', 'a nasal vowel keeps its shape');
  t.deepEqual(visemesOfWord('está'), visemesOfWord('esta'));
  t.deepEqual(visemesOfWord('mañana'), ['MBP', 'AA', 'I', 'AA', 'I', 'AA']);
  t.deepEqual(visemesOfWord('नमस्ते'), ['I', 'E', 'MBP', 'E', 'I', 'I', 'I'], 'na-ma-s-te: the lips close for म');
  t.deepEqual(visemesOfWord('你好。'), ['I', 'AA', 'I', 'AA'], 'one syllable per character');
});
