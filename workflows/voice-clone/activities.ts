/**
 * The activities of a clone job (workflow.ts). Each loads the voice row, does one step and
 * records it, and is safe to run twice (a retry after a lost worker redoes the step and writes
 * the same files). Permanent failures throw cloneRefused (never retried); anything else is
 * transient and retried by the workflow's policy. Files live in the voice's directory under the
 * account's files (runtime/voices/voice-ids.ts): decoded samples, reference.wav and style-v<n>.bin.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../runtime/db/orm.js';
import { Voice, type VoiceStep } from '../../runtime/db/entities/voice.js';
import type { EventBus } from '../../runtime/events/event-bus.js';
import { AudioDecoder, AudioTooLong, AudioUndecodable } from '../../media/speech/audio-decoder.js';
import type { SttClient } from '../../media/speech/stt-client.js';
import type { VoiceBuilder } from '../../media/speech/voice-builder-client.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';
import { SampleFetchFailed, type SampleFetcher } from '../../runtime/voices/sample-fetcher.js';
import { cloneRefused, VOICE_DELETED } from '../../runtime/voices/voice-failures.js';
import { checkReferenceQuality } from '../../runtime/voices/reference-quality.js';
import { engineVoiceName, voiceFilesDir } from '../../runtime/voices/voice-ids.js';
import { clonedVoiceView } from '../../runtime/voices/voice-view.js';

export interface VoiceCloneActivityDeps {
  orm: Orm;
  events: EventBus;
  log: Logger;
  fetcher: SampleFetcher;
  decoder: AudioDecoder;
  builder: VoiceBuilder;
  stt: SttClient;
  dataDir: string;
  minSpeechS: number;
}

const RATE = 16_000;
/** The part of the reference never used by the search, on which similarity is reported. */
export function splitReference(pcm: Buffer): { search: Buffer; heldOut: Buffer } {
  const samples = pcm.length / 2;
  const heldOut = Math.max(Math.round(2.5 * RATE), Math.round(samples * 0.25));
  const cut = Math.max(0, samples - heldOut) * 2;
  return { search: pcm.subarray(0, cut), heldOut: pcm.subarray(cut) };
}

const HEARTBEAT_MS = 5_000;

/**
 * Heartbeats while `work` runs (a call to the model server can take minutes on a busy CPU), so
 * Temporal notices a lost worker within the heartbeat timeout instead of the start-to-close one.
 * Outside an activity (a direct call) it only runs the work.
 */
export async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The Temporal attempt of the running activity (1 outside an activity). */
function activityAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
}

const wav16k = (data: Buffer) => wavFile({ sampleRateHz: RATE, channels: 1, bitsPerSample: 16, data });

export function createVoiceCloneActivities(deps: VoiceCloneActivityDeps) {
  const { orm, log } = deps;

  /**
   * Every activity: loads the voice (gone: voice_deleted), heartbeats while it works, adds its
   * time to `build.timings` (milliseconds per step, refinement rounds summed: the job's profile)
   * and logs it, with the attempt (a retry redoes the step) and the CPU time of this process
   * (the model servers' work is the rest), whether it succeeded or not.
   */
  async function withVoice<T>(step: string, voiceId: string, work: (voice: Voice, em: EntityManager) => Promise<T>): Promise<T> {
    return heartbeating(async () => {
      const started = Date.now();
      const cpuAtStart = process.cpuUsage();
      let outcome = 'failed';
      try {
        const em = orm.em.fork() as EntityManager;
        const voice = await em.findOne(Voice, { id: voiceId });
        if (!voice) throw ApplicationFailure.nonRetryable('the voice was deleted', VOICE_DELETED);
        const result = await work(voice, em);
        const timings = (voice.build.timings as Record<string, number> | undefined) ?? {};
        voice.build = { ...voice.build, timings: { ...timings, [step]: (timings[step] ?? 0) + Date.now() - started } };
        await em.flush();
        outcome = 'done';
        return result;
      } finally {
        const cpu = process.cpuUsage(cpuAtStart);
        log.info(
          {
            voiceId,
            step,
            outcome,
            ms: Date.now() - started,
            workerCpuMs: Math.round((cpu.user + cpu.system) / 1000),
            attempt: activityAttempt(),
          },
          'voice clone step',
        );
      }
    });
  }

  async function setStep(em: EntityManager, voice: Voice, step: VoiceStep): Promise<void> {
    voice.step = step;
    voice.updatedAt = new Date();
    await em.flush();
  }

  const dir = (voice: Voice) => voiceFilesDir(deps.dataDir, voice.userId, voice.id);

  async function reference(voice: Voice): Promise<{ search: Buffer; heldOut: Buffer }> {
    return splitReference(parseWav(await fs.readFile(path.join(dir(voice), 'reference.wav'))).data);
  }

  return {
    /** Fetches (or reads the upload of) every sample, decodes it, and writes reference.wav. */
    async fetchSamples(input: { voiceId: string }): Promise<{ durationS: number }> {
      return withVoice('fetchSamples', input.voiceId, async (voice, em) => {
        await setStep(em, voice, 'fetching');
        await fs.mkdir(dir(voice), { recursive: true });
        const pieces: Buffer[] = [];
        for (const [i, sample] of voice.samples.entries()) {
          let bytes: Buffer;
          if (sample.url) {
            try {
              const fetched = await deps.fetcher.fetch(sample.url);
              bytes = fetched.body;
              sample.format = fetched.format;
            } catch (err) {
              if (err instanceof SampleFetchFailed && err.permanent) throw cloneRefused(err.code, err.message);
              throw err;
            }
          } else {
            bytes = await fs.readFile(path.join(dir(voice), `upload-${i}`));
          }
          sample.bytes = bytes.length;
          try {
            const decoded = await deps.decoder.decode(bytes);
            sample.durationS = Math.round(decoded.durationS * 100) / 100;
            pieces.push(parseWav(decoded.wav).data);
          } catch (err) {
            if (err instanceof AudioTooLong) throw cloneRefused('sample_too_long', `sample ${i + 1}: ${err.message}`);
            if (err instanceof AudioUndecodable) throw cloneRefused('sample_undecodable', `sample ${i + 1}: ${err.message}`);
            throw err;
          }
        }
        const pcm = Buffer.concat(pieces);
        await fs.writeFile(path.join(dir(voice), 'reference.wav'), wav16k(pcm));
        voice.samples = [...voice.samples];
        await setStep(em, voice, 'checking');
        return { durationS: pcm.length / 2 / RATE };
      });
    },

    /** Measures the reference and refuses it with a distinct reason when unusable. */
    async checkReference(input: { voiceId: string }): Promise<void> {
      await withVoice('checkReference', input.voiceId, async (voice, em) => {
        const wav = await fs.readFile(path.join(dir(voice), 'reference.wav'));
        const analysis = await deps.builder.analyse(wav);
        voice.build = { ...voice.build, analysis };
        await setStep(em, voice, 'checking');
        const failure = checkReferenceQuality(analysis, deps.minSpeechS);
        if (failure) throw cloneRefused(failure.code, failure.reason);
      });
    },

    /** Transcribes the search part: the builder synthesises this text to compare with the reference. */
    async transcribeReference(input: { voiceId: string }): Promise<void> {
      await withVoice('transcribeReference', input.voiceId, async (voice, em) => {
        await setStep(em, voice, 'transcribing');
        const { search } = await reference(voice);
        const transcript = await deps.stt.transcribe(wav16k(search), 'en', { textOnly: true });
        if (transcript.text.split(/\s+/).filter(Boolean).length < 2)
          throw cloneRefused('not_speech', 'no words could be recognised in the samples');
        voice.transcript = transcript.text;
        await setStep(em, voice, 'building');
      });
    },

    /** Version 1: the builder's start (nearest stock voices and blends), scored on held-out audio. */
    async buildVoice(input: { voiceId: string }): Promise<{ searchScore: number | null; heldOutScore: number; lang: string }> {
      return withVoice('buildVoice', input.voiceId, async (voice, em) => {
        await setStep(em, voice, 'building');
        const { search, heldOut } = await reference(voice);
        const started = Date.now();
        const built = await deps.builder.build(wav16k(search), wav16k(heldOut), voice.transcript ?? '');
        await fs.writeFile(path.join(dir(voice), 'style-v1.bin'), Buffer.from(built.style, 'base64'));
        voice.lang = built.lang === 'en-gb' ? 'en-gb' : 'en-us';
        voice.build = {
          ...voice.build,
          builder: 'kokoro-style-search',
          start: built.start,
          nearest: built.nearest,
          buildMs: Date.now() - started,
          validationScore: built.validation_score ?? null,
          versions: [
            {
              version: 1,
              searchScore: built.search_score,
              validationScore: built.validation_score ?? null,
              similarity: built.held_out_score,
            },
          ],
        };
        voice.searchScore = built.search_score;
        voice.similarity = built.held_out_score;
        await setStep(em, voice, 'registering');
        return { searchScore: built.search_score, heldOutScore: built.held_out_score, lang: voice.lang };
      });
    },

    /** Registers version 1 for synthesis, marks the voice active and emits voice.created. */
    async activateVoice(input: { voiceId: string; refining: boolean }): Promise<void> {
      await withVoice('activateVoice', input.voiceId, async (voice, em) => {
        const style = await fs.readFile(path.join(dir(voice), 'style-v1.bin'));
        await deps.builder.register(engineVoiceName(voice.userId, voice.id, 1), style.toString('base64'));
        if (voice.status === 'active') return; // a retry after the commit below
        const deliveries = await em.transactional(async (tx) => {
          voice.status = 'active';
          voice.version = 1;
          voice.step = input.refining ? 'refining' : 'done';
          voice.activeAt = voice.updatedAt = new Date();
          await tx.flush();
          const recorded = await deps.events.record(tx as EntityManager, {
            userId: voice.userId,
            mode: voice.mode,
            type: 'voice.created',
            data: { object: clonedVoiceView(voice) },
          });
          return recorded.deliveries;
        });
        await deps.events.dispatch(deliveries);
        log.info({ voiceId: voice.id, similarity: voice.similarity, timings: voice.build.timings }, 'cloned voice active');
      });
    },

    /** One round of refinement; a better style becomes the next version (synthesis uses the latest). */
    async refineVoice(input: { voiceId: string; round: number; iterations: number; maxSeconds: number }): Promise<{ version: number }> {
      return withVoice('refineVoice', input.voiceId, async (voice, em) => {
        const rounds = (voice.build.refineRounds as number | undefined) ?? 0;
        if (rounds >= input.round) return { version: voice.version }; // already done before a retry
        const { search, heldOut } = await reference(voice);
        const current = await fs.readFile(path.join(dir(voice), `style-v${voice.version}.bin`));
        const step = (voice.build.step as number | undefined) ?? 0.3;
        const refined = await deps.builder.refine({
          style: current.toString('base64'),
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
        });
        const versions = [...((voice.build.versions as unknown[]) ?? [])];
        let validationScore = (voice.build.validationScore as number | null | undefined) ?? null;
        if (refined.improved > 0 && refined.held_out_score !== null) {
          const next = voice.version + 1;
          await fs.writeFile(path.join(dir(voice), `style-v${next}.bin`), Buffer.from(refined.style, 'base64'));
          await deps.builder.register(engineVoiceName(voice.userId, voice.id, next), refined.style);
          voice.version = next;
          voice.searchScore = refined.search_score;
          voice.similarity = refined.held_out_score;
          validationScore = refined.validation_score ?? null;
          versions.push({ version: next, searchScore: refined.search_score, validationScore, similarity: refined.held_out_score });
        }
        voice.build = { ...voice.build, refineRounds: input.round, step: refined.step, validationScore, versions };
        voice.refinedAt = voice.updatedAt = new Date();
        await em.flush();
        return { version: voice.version };
      });
    },

    async finishVoice(input: { voiceId: string }): Promise<void> {
      await withVoice('finishVoice', input.voiceId, async (voice, em) => {
        await setStep(em, voice, 'done');
        const { timings, versions } = voice.build;
        log.info({ voiceId: voice.id, version: voice.version, similarity: voice.similarity, timings, versions }, 'cloned voice refined');
      });
    },

    async failVoice(input: { voiceId: string; code: string; reason: string }): Promise<void> {
      await withVoice('failVoice', input.voiceId, async (voice, em) => {
        voice.status = 'failed';
        voice.failureCode = input.code;
        voice.failureReason = input.reason;
        await setStep(em, voice, 'failed');
        log.info({ voiceId: voice.id, code: input.code }, 'voice clone failed');
      });
    },
  };
}

export type VoiceCloneActivities = ReturnType<typeof createVoiceCloneActivities>;
