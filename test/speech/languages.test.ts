import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService();
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

/** Lower-case words without accents or punctuation. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/[’'-]/gu, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
}

function overlap(heard: string, expected: string): number {
  const want = wordsOf(expected);
  const got = new Set(wordsOf(heard));
  return want.filter((w) => got.has(w)).length / want.length;
}

type VoiceRow = { voiceId: string; language: string; engine: string };

test('voices carry their language and filter by it: a bare code matches every region, a tag only itself', async (t) => {
  const list = async (query: string) => {
    const res = await call(service.app, 'GET', `/api/v1/voices${query}`, { key: account.live });
    t.is(res.statusCode, 200, res.body);
    return res.json().data as VoiceRow[];
  };
  const all = await list('');
  t.true(
    all.every((v) => /^[a-z]{2}-[A-Z]{2}$/u.test(v.language)),
    'every voice has a BCP-47 language',
  );
  const spanish = await list('?language=es');
  t.deepEqual(spanish.map((v) => v.voiceId).sort(), ['es-ES-alex', 'es-ES-dora', 'es-ES-santa']);
  t.true(spanish.every((v) => v.language === 'es-ES'));
  t.deepEqual(
    (await list('?language=fr')).map((v) => v.voiceId),
    ['fr-FR-siwis'],
  );
  t.is((await list('?language=pt-BR')).length, 3);
  t.is((await list('?language=pt-PT')).length, 0);
  t.is((await list('?language=hi')).length, 4);
  t.is((await list('?language=zh')).length, 8);
  const english = await list('?language=en&kind=built_in');
  t.is(english.length, 29);
  t.true(english.every((v) => v.language.startsWith('en-')));
  t.is((await list('?language=de')).length, 0, 'a language without voices: an empty list');

  const malformed = await call(service.app, 'GET', '/api/v1/voices?language=es_ES!', { key: account.live });
  t.is(malformed.statusCode, 400);
  t.regex(envelopeOf(malformed).message, /language/);

  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
  const params = doc.paths['/api/v1/voices'].get.parameters as Array<{ name: string; in: string }>;
  t.truthy(
    params.find((p) => p.name === 'language' && p.in === 'query'),
    'the OpenAPI document shows the filter',
  );
});

/** Synthesises `text` with `voiceId` (and `language`), then transcribes it with `?language=`. */
async function roundTrip(voiceId: string, text: string, hear: string, language?: string) {
  const synth = await call(service.app, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text, voiceId, ...(language ? { language } : {}) },
  });
  if (synth.statusCode !== 200) throw new Error(`synthesis answered ${synth.statusCode}: ${synth.body}`);
  const heard = await call(service.app, 'POST', `/api/v1/speech-to-text?language=${hear}`, {
    key: account.live,
    headers: { 'content-type': 'audio/wav' },
    body: synth.rawPayload,
  });
  if (heard.statusCode !== 200) throw new Error(`transcription answered ${heard.statusCode}: ${heard.body}`);
  return heard.json().data as { text: string; language: string; words: Array<{ word: string }> };
}

test('a Spanish voice speaks Spanish (money read the Spanish way) and the transcriber hears it back as Spanish', async (t) => {
  const text = '¿Dónde está la estación de tren? El billete cuesta 12 €.';
  const heard = await roundTrip('es-ES-dora', text, 'auto');
  t.log(heard.text);
  t.is(heard.language, 'es', 'detected as Spanish');
  t.true(overlap(heard.text, '¿Dónde está la estación de tren? El billete cuesta euros.') >= 0.75, heard.text);
  t.true(heard.words.length >= 8, 'word timings in Spanish');
});

test('a French voice speaks French and the transcriber hears it back as French', async (t) => {
  const text = 'Bonjour, je voudrais réserver une table pour deux personnes ce soir.';
  const heard = await roundTrip('fr-FR-siwis', text, 'fr');
  t.log(heard.text);
  t.is(heard.language, 'fr');
  t.true(overlap(heard.text, text) >= 0.8, heard.text);
  const detected = await roundTrip('fr-FR-siwis', text, 'auto');
  t.is(detected.language, 'fr', 'detected as French');
});

test('an English voice given another language speaks it so that it is heard, French included; joe, English only, refuses with 400', async (t) => {
  const text = 'Buongiorno, vorrei un caffè e un cornetto, per favore.';
  const heard = await roundTrip('en-US-slt', text, 'it', 'it');
  t.log(heard.text);
  t.true(overlap(heard.text, text) >= 0.7, heard.text);
  // French is the language an English voice's accent hid the most (most words misheard).
  const french = 'Pourriez-vous me dire à quelle heure ferme la pharmacie du quartier ?';
  const heardFrench = await roundTrip('en-US-slt', french, 'fr', 'fr');
  t.log(heardFrench.text);
  t.true(overlap(heardFrench.text, french) >= 0.75, heardFrench.text);

  const joe = await call(service.app, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: 'Hola.', voiceId: 'en-US-joe', language: 'es' },
  });
  t.is(joe.statusCode, 400);
  t.regex(envelopeOf(joe).message, /English|en-US/);
  const unknown = await call(service.app, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: 'Hallo.', voiceId: 'en-US-slt', language: 'de' },
  });
  t.is(unknown.statusCode, 400);
  t.regex(envelopeOf(unknown).message, /language/);
});

test('word timings and the streamed synthesis work in Mandarin, sentence by sentence at 。', async (t) => {
  const text = '今天天气很好。我们去公园散步吧。';
  const timed = await call(service.app, 'POST', '/api/v1/text-to-speech/with-timestamps', {
    key: account.live,
    body: { text, voiceId: 'zh-CN-xiaoxiao' },
  });
  t.is(timed.statusCode, 200, timed.body);
  const data = timed.json().data as { words: Array<{ word: string; start: number; end: number }>; durationMs: number };
  t.true(data.durationMs > 1000);
  t.deepEqual(
    data.words.map((w) => w.word),
    ['今天天气很好。', '我们去公园散步吧。'],
    'one timed word per written word (a Mandarin sentence has no spaces)',
  );
  t.true(data.words[1]!.start >= data.words[0]!.end);

  const stream = await call(service.app, 'POST', '/api/v1/text-to-speech/stream', {
    key: account.live,
    body: { text, voiceId: 'zh-CN-xiaoxiao' },
  });
  t.is(stream.statusCode, 200);
  t.true(stream.rawPayload.length > 44 + 24_000, 'a second of audio or more');
});
