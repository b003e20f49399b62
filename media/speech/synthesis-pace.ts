/**
 * How fast a speech engine synthesises on this machine, measured on the pieces it has said:
 * the time a piece takes (a fixed cost per call plus a cost per character) and the audio a
 * character makes. A reply's first sentence is cut by it (media/publishing/sentence-pieces.ts):
 * its first words as short as they can be while the rest of the sentence is synthesised before
 * they have been heard. The same cut that suits Piper (0.1 s a piece) leaves a gap mid-sentence
 * with Kokoro (0.3 s plus 0.3–0.6 s per second of audio on 2 cores); both vary with the machine
 * and with what runs beside the synthesis, so the pace is measured, per engine and per process,
 * on the syntheses the service makes anyway.
 *
 * Until enough pieces of different lengths have been seen, the engine's prior (its figures on a
 * slow 2-core machine) is scaled by how fast the pieces seen so far went.
 */
import type { SpeechEngine } from '../../runtime/voices/voice-catalog.js';

/** A synthesis: characters given to the engine (context words included), those said, the audio of those, and the time it took. */
export interface PieceSynthesis {
  synthesisedChars: number;
  saidChars: number;
  audioMs: number;
  tookMs: number;
}

/** Predictions from the pace measured so far. */
export interface Pace {
  /** ms to synthesise a piece of `chars` characters. */
  synthesisMs(chars: number): number;
  /** ms of speech `chars` characters make. */
  audioMs(chars: number): number;
}

interface Line {
  /** ms per call, and per character synthesised. */
  fixedMs: number;
  perCharMs: number;
  /** ms of speech per character said. */
  audioPerCharMs: number;
}

/** The pieces a pace is fitted on: the latest, since what runs beside the engine changes. */
const WINDOW = 16;
/** A line is fitted once this many pieces, this far apart in length, have been seen; before, the prior is scaled. */
const FIT_MIN_PIECES = 6;
const FIT_MIN_SPREAD_CHARS = 20;

/** Each engine on a 2-core AMD EPYC of the Zen 3 class (BENCHMARKS.md "Kokoro's first piece"): the slow end of what runs it. */
const PRIORS: Record<SpeechEngine, Line> = {
  piper: { fixedMs: 120, perCharMs: 3, audioPerCharMs: 65 },
  kokoro: { fixedMs: 300, perCharMs: 40, audioPerCharMs: 70 },
};

export class SynthesisPace implements Pace {
  private readonly seen: PieceSynthesis[] = [];
  private line: Line;

  constructor(private readonly prior: Line) {
    this.line = prior;
  }

  observe(piece: PieceSynthesis): void {
    if (!(piece.synthesisedChars > 0 && piece.saidChars > 0 && piece.audioMs > 0 && piece.tookMs >= 0)) return;
    this.seen.push(piece);
    if (this.seen.length > WINDOW) this.seen.shift();
    this.line = fit(this.seen, this.prior);
  }

  synthesisMs(chars: number): number {
    return this.line.fixedMs + this.line.perCharMs * chars;
  }

  audioMs(chars: number): number {
    return this.line.audioPerCharMs * chars;
  }
}

/** Least squares of time on characters, when the pieces differ enough in length; else the prior, scaled to their times. */
function fit(seen: readonly PieceSynthesis[], prior: Line): Line {
  const said = seen.reduce((sum, p) => sum + p.saidChars, 0);
  const audioPerCharMs = seen.reduce((sum, p) => sum + p.audioMs, 0) / said;
  const xs = seen.map((p) => p.synthesisedChars);
  const spread = Math.max(...xs) - Math.min(...xs);
  if (seen.length >= FIT_MIN_PIECES && spread >= FIT_MIN_SPREAD_CHARS) {
    const mx = mean(xs);
    const my = mean(seen.map((p) => p.tookMs));
    const sxx = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    const sxy = seen.reduce((sum, p) => sum + (p.synthesisedChars - mx) * (p.tookMs - my), 0);
    const perCharMs = sxy / sxx;
    const fixedMs = my - perCharMs * mx;
    if (perCharMs >= 0 && fixedMs >= 0) return { fixedMs, perCharMs, audioPerCharMs };
  }
  const ratios = seen.map((p) => p.tookMs / (prior.fixedMs + prior.perCharMs * p.synthesisedChars)).sort((a, b) => a - b);
  const scale = ratios[Math.floor(ratios.length / 2)]!;
  return { fixedMs: prior.fixedMs * scale, perCharMs: prior.perCharMs * scale, audioPerCharMs };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

const paces = new Map<SpeechEngine, SynthesisPace>();

/** The pace of `engine` in this process, shared by every session speaking with it. */
export function synthesisPace(engine: SpeechEngine): SynthesisPace {
  let pace = paces.get(engine);
  if (!pace) paces.set(engine, (pace = new SynthesisPace(PRIORS[engine])));
  return pace;
}
