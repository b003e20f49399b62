import test from 'ava';
import { VAD_FRAME_SAMPLES } from '../../media/listening/silero-vad.js';
import { TurnDetector, type TurnEvent } from '../../media/listening/turn-detector.js';

const FRAME = Buffer.alloc(VAD_FRAME_SAMPLES * 2);
const FRAME_MS = 32;

/** Feeds one speech probability per 32 ms frame; returns each event with the frame index that raised it. */
function feed(detector: TurnDetector, probabilities: number[]): Array<TurnEvent & { frame: number }> {
  return probabilities.flatMap((p, frame) => detector.push(FRAME, p).map((e) => ({ ...e, frame })));
}

const frames = (ms: number, p: number) => Array<number>(Math.round(ms / FRAME_MS)).fill(p);
const atMs = (event: TurnEvent | undefined) => (event && 'atMs' in event ? event.atMs : undefined);

test('a turn raises bargeIn once it holds VOICE_BARGE_IN_MS of speech, long before it ends', (t) => {
  const detector = new TurnDetector({ endOfTurnMs: 500, bargeInMs: 256 });
  const events = feed(detector, [...frames(320, 0.01), ...frames(1000, 0.9), ...frames(640, 0.01)]);
  t.deepEqual(
    events.map((e) => e.type),
    ['speech', 'bargeIn', 'turn'],
  );
  const [speech, bargeIn, turn] = events;
  // Speech starts at frame 10; 256 ms is 8 frames of it, so the barge-in comes with frame 17.
  t.is(atMs(speech), 320);
  t.is(bargeIn!.frame, 17);
  t.is(atMs(bargeIn), 18 * FRAME_MS);
  t.true(turn!.frame > bargeIn!.frame + 20);
});

test('a cough (speech shorter than VOICE_BARGE_IN_MS) starts a turn but never barges in', (t) => {
  const detector = new TurnDetector({ endOfTurnMs: 500, bargeInMs: 256 });
  const events = feed(detector, [...frames(160, 0.95), ...frames(800, 0.02)]);
  t.deepEqual(
    events.map((e) => e.type),
    ['speech', 'turn'],
  );
});

test('speech frames add up across short pauses within one turn, and each turn barges in at most once', (t) => {
  const detector = new TurnDetector({ endOfTurnMs: 500, bargeInMs: 384 });
  // Three 160 ms syllables with 96 ms gaps (one turn), then silence, then a second long turn.
  const syllables = [...frames(160, 0.9), ...frames(96, 0.1), ...frames(160, 0.9), ...frames(96, 0.1), ...frames(160, 0.9)];
  const events = feed(detector, [...syllables, ...frames(640, 0.01), ...frames(1200, 0.9), ...frames(640, 0.01)]);
  t.deepEqual(
    events.map((e) => e.type),
    ['speech', 'bargeIn', 'turn', 'speech', 'bargeIn', 'turn'],
  );
  // The first turn's twelfth speech frame is the second frame of its third syllable.
  t.is(events[1]!.frame, 5 + 3 + 5 + 3 + 1);
});
