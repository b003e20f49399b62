import { type StepContext } from '../context.js';

/** The end of a job: refined (done), or failed with a reason code. */
export async function finishVoice(ctx: StepContext, input: { voiceId: string }): Promise<void> {
  await ctx.withVoice('finishVoice', input.voiceId, async (voice, em) => {
    await ctx.setStep(em, voice, 'done');
    const { timings, versions } = voice.build;
    ctx.log.info({ voiceId: voice.id, version: voice.version, similarity: voice.similarity, timings, versions }, 'cloned voice refined');
  });
}

export async function failVoice(ctx: StepContext, input: { voiceId: string; code: string; reason: string }): Promise<void> {
  await ctx.withVoice('failVoice', input.voiceId, async (voice, em) => {
    voice.status = 'failed';
    voice.failureCode = input.code;
    voice.failureReason = input.reason;
    await ctx.setStep(em, voice, 'failed');
    ctx.log.info({ voiceId: voice.id, code: input.code }, 'voice clone failed');
  });
}
