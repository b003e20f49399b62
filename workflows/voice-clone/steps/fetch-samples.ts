import fs from 'node:fs/promises';
import path from 'node:path';
import { AudioTooLong, AudioUndecodable } from '../../../media/speech/audio-decoder.js';
import { parseWav } from '../../../media/speech/wav.js';
import { SampleFetchFailed } from '../../../runtime/voices/sample-fetcher.js';
import { cloneRefused } from '../../../runtime/voices/voice-failures.js';
import { type StepContext, RATE, wav16k } from '../context.js';

/** Fetches (or reads the upload of) every sample, decodes it, and writes reference.wav. */
export async function fetchSamples(ctx: StepContext, input: { voiceId: string }): Promise<{ durationS: number }> {
  return ctx.withVoice('fetchSamples', input.voiceId, async (voice, em) => {
    await ctx.setStep(em, voice, 'fetching');
    await fs.mkdir(ctx.dir(voice), { recursive: true });
    const pieces: Buffer[] = [];
    for (const [i, sample] of voice.samples.entries()) {
      let bytes: Buffer;
      if (sample.url) {
        try {
          const fetched = await ctx.deps.fetcher.fetch(sample.url);
          bytes = fetched.body;
          sample.format = fetched.format;
        } catch (err) {
          if (err instanceof SampleFetchFailed && err.permanent) throw cloneRefused(err.code, err.message);
          throw err;
        }
      } else {
        bytes = await fs.readFile(path.join(ctx.dir(voice), `upload-${i}`));
      }
      sample.bytes = bytes.length;
      try {
        const decoded = await ctx.deps.decoder.decode(bytes);
        sample.durationS = Math.round(decoded.durationS * 100) / 100;
        pieces.push(parseWav(decoded.wav).data);
      } catch (err) {
        if (err instanceof AudioTooLong) throw cloneRefused('sample_too_long', `sample ${i + 1}: ${err.message}`);
        if (err instanceof AudioUndecodable) throw cloneRefused('sample_undecodable', `sample ${i + 1}: ${err.message}`);
        throw err;
      }
    }
    const pcm = Buffer.concat(pieces);
    await fs.writeFile(path.join(ctx.dir(voice), 'reference.wav'), wav16k(pcm));
    voice.samples = [...voice.samples];
    await ctx.setStep(em, voice, 'checking');
    return { durationS: pcm.length / 2 / RATE };
  });
}
