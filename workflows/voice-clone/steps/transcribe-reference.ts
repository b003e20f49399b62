import { cloneRefused } from '../../../runtime/voices/voice-failures.js';
import { type StepContext, wav16k } from '../context.js';

/** Transcribes the search part: the builder synthesises this text to compare with the reference. */
export async function transcribeReference(ctx: StepContext, input: { voiceId: string }): Promise<void> {
  await ctx.withVoice('transcribeReference', input.voiceId, async (voice, em, signal) => {
    await ctx.setStep(em, voice, 'transcribing');
    const { search } = await ctx.reference(voice);
    const transcript = await ctx.deps.stt.transcribe(wav16k(search), 'en', { textOnly: true, signal });
    if (transcript.text.split(/\s+/).filter(Boolean).length < 2)
      throw cloneRefused('not_speech', 'no words could be recognised in the samples');
    voice.transcript = transcript.text;
    await ctx.setStep(em, voice, 'building');
  });
}
