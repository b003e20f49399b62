/**
 * A refused clone says what to send instead (issue 39, item 6): the figures that refused it and the
 * recording that would pass, for the two refusals acted speech met.
 */
import test from 'ava';
import { checkReferenceQuality } from '../../runtime/voices/reference-quality.js';
import type { ReferenceAnalysis } from '../../runtime/voices/voice-builder.js';

const clean: ReferenceAnalysis = {
  duration_s: 13.5,
  speech_s: 11,
  peak_dbfs: -3,
  loud_db: -18,
  noise_floor_db: -60,
  snr_db: 40,
  clipped_fraction: 0,
  voiced_fraction: 0.6,
  speaker_min_similarity: 0.7,
  speaker_windows: 8,
};

test('a clean single speaker passes', (t) => {
  t.is(checkReferenceQuality(clean, 3), null);
});

test('too little speech names the speech found in how much audio, and what to send', (t) => {
  const failure = checkReferenceQuality({ ...clean, speech_s: 2.8 }, 3);
  t.is(failure?.code, 'too_little_speech');
  t.regex(failure!.reason, /2\.8 s of speech in 13\.5 s of audio/);
  t.regex(failure!.reason, /at least 3 s of speech/);
  t.regex(failure!.reason, /send longer lines .* or more clips/);
});

test('several speakers names how alike the stretches sound, and what to send, acted voices included', (t) => {
  const failure = checkReferenceQuality({ ...clean, speaker_min_similarity: 0.52 }, 3);
  t.is(failure?.code, 'several_speakers');
  t.regex(failure!.reason, /sound 0\.52 alike/);
  t.regex(failure!.reason, /send clips of one person only/);
  t.regex(failure!.reason, /acting in very different voices/);
});
