import fs from 'node:fs/promises';
import path from 'node:path';
import { cloneRefused } from '../../../runtime/voices/voice-failures.js';
import { checkReferenceQuality } from '../../../runtime/voices/reference-quality.js';
import { type StepContext } from '../context.js';

/** Measures the reference and refuses it with a distinct reason when unusable. */
export async function checkReference(ctx: StepContext, input: { voiceId: string }): Promise<void> {
  await ctx.withVoice('checkReference', input.voiceId, async (voice, em, signal) => {
    const wav = await fs.readFile(path.join(ctx.dir(voice), 'reference.wav'));
    const analysis = await ctx.deps.builder.analyse(wav, signal);
    voice.build = { ...voice.build, analysis };
    await ctx.setStep(em, voice, 'checking');
    const failure = checkReferenceQuality(analysis, ctx.deps.minSpeechS);
    if (failure) throw cloneRefused(failure.code, failure.reason);
  });
}
