import fs from 'node:fs/promises';
import path from 'node:path';
import { engineVoiceName } from '../../../runtime/voices/voice-ids.js';
import { versionChange, type RoundRecord, type VersionRecord } from '../../../runtime/voices/voice-versions.js';
import { type StepContext, wav16k } from '../context.js';

/**
 * One round of refinement; a better style or conversion becomes the next version (synthesis
 * uses the latest). The record keeps each round's cost and, per version, what it improved.
 */
export async function refineVoice(
  ctx: StepContext,
  input: {
    voiceId: string;
    round: number;
    iterations: number;
    maxSeconds: number;
  },
): Promise<{ version: number; made: number | null; improved: string[]; candidates: number }> {
  return ctx.withVoice('refineVoice', input.voiceId, async (voice, em, signal) => {
    const rounds = (voice.build.refineRounds as number | undefined) ?? 0;
    if (rounds >= input.round) return { version: voice.version, made: null, improved: [], candidates: 0 }; // done before a retry
    const started = Date.now();
    const { search, heldOut } = await ctx.reference(voice);
    const current = await fs.readFile(path.join(ctx.dir(voice), `style-v${voice.version}.bin`));
    const step = (voice.build.step as number | undefined) ?? 0.3;
    const refined = await ctx.deps.builder.refine(
      {
        style: current.toString('base64'),
        conversion: voice.conversion,
        searchWav: wav16k(search),
        heldOutWav: wav16k(heldOut),
        text: voice.transcript ?? '',
        lang: voice.lang,
        bestScore: voice.searchScore ?? 0,
        validationScore: (voice.build.validationScore as number | null | undefined) ?? null,
        iterations: input.iterations,
        seed: input.round,
        step,
        maxSeconds: input.maxSeconds,
      },
      signal,
    );
    const versions = [...((voice.build.versions as VersionRecord[] | undefined) ?? [])];
    let validationScore = (voice.build.validationScore as number | null | undefined) ?? null;
    let made: number | null = null;
    if (refined.improved > 0 && refined.held_out_score !== null) {
      const next = voice.version + 1;
      const conversion = refined.conversion ?? null;
      const lang = refined.lang === 'en-gb' ? 'en-gb' : refined.lang === 'en-us' ? 'en-us' : voice.lang;
      await fs.writeFile(path.join(ctx.dir(voice), `style-v${next}.bin`), Buffer.from(refined.style, 'base64'));
      await ctx.deps.builder.register(engineVoiceName(voice.userId, voice.id, next), refined.style, conversion);
      voice.version = made = next;
      voice.conversion = conversion;
      voice.lang = lang;
      voice.searchScore = refined.search_score;
      voice.similarity = refined.held_out_score;
      validationScore = refined.validation_score ?? null;
      const measures = refined.measures ?? null;
      versions.push({
        version: next,
        searchScore: refined.search_score,
        validationScore,
        similarity: refined.held_out_score,
        conversion,
        measures,
        ...versionChange(versions.at(-1)?.measures ?? null, measures),
        madeBy: `round ${input.round}`,
      });
    }
    const roundRecord: RoundRecord = { round: input.round, ms: Date.now() - started, candidates: refined.iterations, version: made };
    voice.build = {
      ...voice.build,
      refineRounds: input.round,
      step: refined.step,
      validationScore,
      versions,
      rounds: [...((voice.build.rounds as RoundRecord[] | undefined) ?? []), roundRecord],
    };
    voice.refinedAt = voice.updatedAt = new Date();
    await em.flush();
    // In the workflow history: what each round did (the benchmark prints it).
    return { version: voice.version, made, improved: made ? (versions.at(-1)?.improved ?? []) : [], candidates: refined.iterations };
  });
}
