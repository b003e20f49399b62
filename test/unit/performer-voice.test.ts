import test from 'ava';
import { voiceIn } from '../../media/avatar/performer.js';
import { builtInVoice } from '../../runtime/voices/voice-catalog.js';

test('a sentence in another language is spoken by a stock voice of it, of the same gender where there is one', (t) => {
  const joe = builtInVoice('en-US-joe')!;
  t.is(voiceIn(joe, undefined), joe, 'no language: the session’s voice');
  t.is(voiceIn(joe, 'en'), joe, 'its own language: the session’s voice');
  const spanish = voiceIn(joe, 'es');
  t.is(spanish.language.split('-')[0], 'es');
  t.is(spanish.gender, 'male');
  const french = voiceIn(builtInVoice('en-US-slt')!, 'fr');
  t.is(french.voiceId, 'fr-FR-siwis');
});

test('a cloned voice keeps its timbre and speaks the language’s phonemes', (t) => {
  const clone = { ...builtInVoice('en-US-slt')!, voiceId: 'vce_abc123', engineVoice: 'vce_abc123' };
  const spanish = voiceIn(clone, 'es');
  t.is(spanish.voiceId, 'vce_abc123');
  t.is(spanish.engineVoice, 'vce_abc123@es');
  t.is(spanish.language, 'es-ES');
});
