/**
 * What the clone job's activities share (steps/*.ts): their dependencies, the heartbeat, the
 * reference split, and the bookkeeping every step does around its work (withVoice).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { type EntityManager } from '@mikro-orm/postgresql';
import { type Logger } from 'pino';
import { type Orm } from '../../runtime/db/orm.js';
import { Voice, type VoiceStep } from '../../runtime/db/entities/voice.js';
import { type EventBus } from '../../runtime/events/event-bus.js';
import { AudioDecoder } from '../../media/speech/audio-decoder.js';
import { type SttClient } from '../../media/speech/stt-client.js';
import { type VoiceBuilder } from '../../runtime/voices/voice-builder.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';
import { type SampleFetcher } from '../../runtime/voices/sample-fetcher.js';
import { VOICE_DELETED } from '../../runtime/voices/voice-failures.js';
import { voiceFilesDir } from '../../runtime/voices/voice-ids.js';

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

export const RATE = 16_000;
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
 * Temporal notices a lost worker within the heartbeat timeout instead of the start-to-close one,
 * and a cancellation of the job reaches the activity. `work` gets the activity's cancellation
 * signal, which also fires when this worker shuts down: the model-server calls stop on it, and
 * whatever does not is abandoned (its result ignored), so a shutdown never waits on a step; the
 * step's retry redoes it, on another worker or this one after a restart. Outside an activity (a
 * direct call) it only runs the work.
 */
export async function heartbeating<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work(new AbortController().signal);
  }
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
  try {
    return await Promise.race([work(context.cancellationSignal), context.cancelled]);
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

export const wav16k = (data: Buffer) => wavFile({ sampleRateHz: RATE, channels: 1, bitsPerSample: 16, data });

/** What every step shares: the dependencies and the per-voice bookkeeping around each activity. */
export interface StepContext {
  deps: VoiceCloneActivityDeps;
  log: Logger;
  /** `work` gets the activity's cancellation signal, for the calls that can stop on it (heartbeating). */
  withVoice<T>(step: string, voiceId: string, work: (voice: Voice, em: EntityManager, signal: AbortSignal) => Promise<T>): Promise<T>;
  setStep(em: EntityManager, voice: Voice, step: VoiceStep): Promise<void>;
  /** The voice's directory under the account's files. */
  dir(voice: Voice): string;
  /** reference.wav, split into the search part and the held-out part. */
  reference(voice: Voice): Promise<{ search: Buffer; heldOut: Buffer }>;
}

export function stepContext(deps: VoiceCloneActivityDeps): StepContext {
  const { orm, log } = deps;

  /**
   * Every activity: loads the voice (gone: voice_deleted), heartbeats while it works, adds its
   * time to `build.timings` (milliseconds per step, refinement rounds summed: the job's profile)
   * and logs it, with the attempt (a retry redoes the step) and the CPU time of this process
   * (the model servers' work is the rest), whether it succeeded, failed or was cancelled.
   */
  async function withVoice<T>(
    step: string,
    voiceId: string,
    work: (voice: Voice, em: EntityManager, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return heartbeating(async (signal) => {
      const started = Date.now();
      const cpuAtStart = process.cpuUsage();
      let outcome = 'failed';
      try {
        const em = orm.em.fork() as EntityManager;
        const voice = await em.findOne(Voice, { id: voiceId });
        if (!voice) throw ApplicationFailure.nonRetryable('the voice was deleted', VOICE_DELETED);
        const result = await work(voice, em, signal);
        const timings = (voice.build.timings as Record<string, number> | undefined) ?? {};
        voice.build = { ...voice.build, timings: { ...timings, [step]: (timings[step] ?? 0) + Date.now() - started } };
        await em.flush();
        outcome = 'done';
        return result;
      } finally {
        if (outcome === 'failed' && signal.aborted) outcome = 'cancelled';
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

  function dir(voice: Voice): string {
    return voiceFilesDir(deps.dataDir, voice.userId, voice.id);
  }

  async function reference(voice: Voice): Promise<{ search: Buffer; heldOut: Buffer }> {
    return splitReference(parseWav(await fs.readFile(path.join(dir(voice), 'reference.wav'))).data);
  }

  return { deps, log, withVoice, setStep, dir, reference };
}
