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

test('a pause inside a turn is announced at each asked length, and endNow ends the turn there unless speech came back', (t) => {
  const detector = new TurnDetector({ endOfTurnMs: 1000, bargeInMs: 256, pausesMs: [192, 500] });
  // Speech, a 320 ms pause (only the first length is reached), speech again, then silence.
  const first = feed(detector, [...frames(640, 0.9), ...frames(320, 0.01), ...frames(320, 0.9), ...frames(256, 0.01)]);
  const pauses = first.filter((e) => e.type === 'pause');
  t.deepEqual(
    pauses.map((e) => (e.type === 'pause' ? e.index : -1)),
    [0, 0],
    'the 192 ms length was reached twice (once per pause); 500 ms not yet',
  );
  const [stale, current] = pauses as Array<Extract<TurnEvent, { type: 'pause' }>>;
  t.is(detector.endNow(stale!.turn.speechEndMs), undefined, 'the speaker went on after the first pause: it cannot end the turn');
  const turn = detector.endNow(current!.turn.speechEndMs);
  t.truthy(turn);
  t.is(turn!.reason, 'complete');
  t.is(turn!.speechEndMs, current!.turn.speechEndMs);
  t.is(turn!.pcm.length, current!.turn.pcm.length, 'the turn ended is the one announced');
  t.false(detector.speaking);
  // The bound still ends a turn nobody ends early, after its lengths were announced.
  const second = feed(detector, [...frames(320, 0.9), ...frames(1100, 0.01)]);
  t.deepEqual(
    second.map((e) => (e.type === 'pause' ? `pause${e.index}` : e.type)),
    ['speech', 'bargeIn', 'pause0', 'pause1', 'turn'],
  );
});
