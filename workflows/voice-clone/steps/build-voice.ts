import fs from 'node:fs/promises';
import path from 'node:path';
import { type VersionRecord } from '../../../runtime/voices/voice-versions.js';
import { type StepContext, wav16k } from '../context.js';

/** Version 1: the builder's start (nearest stock voices and blends), scored on held-out audio. */
export async function buildVoice(
  ctx: StepContext,
  input: { voiceId: string },
): Promise<{ searchScore: number | null; heldOutScore: number; lang: string }> {
  return ctx.withVoice('buildVoice', input.voiceId, async (voice, em, signal) => {
    await ctx.setStep(em, voice, 'building');
    const { search, heldOut } = await ctx.reference(voice);
    const started = Date.now();
    const built = await ctx.deps.builder.build(wav16k(search), wav16k(heldOut), voice.transcript ?? '', signal);
    await fs.writeFile(path.join(ctx.dir(voice), 'style-v1.bin'), Buffer.from(built.style, 'base64'));
    voice.lang = built.lang === 'en-gb' ? 'en-gb' : 'en-us';
    // The conversion (pitch, formants) is part of the version: registration hands it to synthesis.
    voice.conversion = built.conversion ?? null;
    const first: VersionRecord = {
      version: 1,
      searchScore: built.search_score,
      validationScore: built.validation_score ?? null,
      similarity: built.held_out_score,
      conversion: voice.conversion,
      measures: built.measures ?? null,
      change: null,
      improved: [],
      madeBy: built.start,
    };
    voice.build = {
      ...voice.build,
      builder: 'kokoro-style-search',
      start: built.start,
      nearest: built.nearest,
      reference: built.reference ?? null,
      buildMs: Date.now() - started,
      validationScore: built.validation_score ?? null,
      versions: [first],
      rounds: [],
    };
    voice.searchScore = built.search_score;
    voice.similarity = built.held_out_score;
    await ctx.setStep(em, voice, 'registering');
    return { searchScore: built.search_score, heldOutScore: built.held_out_score, lang: voice.lang };
  });
}
