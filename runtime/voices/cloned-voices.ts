/**
 * Cloned voices of an account (user and mode): list, find, create (the record, the uploaded clips
 * and the clone workflow, idempotently), delete (the record, its files, its job and its versions in
 * the synthesis server; characters bound to it fall back to the default voice, each with its
 * character.updated event). Routes keep schemas, body parsing and HTTP concerns; this is the
 * repository they call, as runtime/characters/character-service.ts is for characters.
 *
 * Creating a voice waits on Temporal for one second at most: the record is committed `pending` (step
 * `queued`) and its job is started under that deadline. When Temporal is unreachable the voice stays
 * queued and the sweep of worker processes (`startQueued`) starts its job once Temporal answers:
 * the workflow id is a function of the voice id, so a second start is harmless. Deleting terminates
 * the job under a deadline too.
 *
 * Not here: fetching and checking the clips and building the voice (workflows/voice-clone).
 */
import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client as TemporalClient } from '@temporalio/client';
import { DEFAULT_VOICE_ID } from './voice-catalog.js';
import type { VoiceBuilder } from './voice-builder.js';
import { CLONE_VOICE_WORKFLOW, type CloneVoiceWorkflow } from '../temporal/workflow-contracts.js';
import type { Config } from '../config.js';
import { Character } from '../db/entities/character.js';
import type { Mode } from '../db/entities/credentials.js';
import { Voice } from '../db/entities/voice.js';
import { paginate, type Page } from '../db/paginate.js';

/** A page request: how many, and after which id. */
type PageQuery = { limit?: number | undefined; starting_after?: string | undefined };
import { NotFoundError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import { voiceCloneSearchAttributes } from '../temporal/search-attributes.js';
import { engineVoiceName, voiceCloneWorkflowId, voiceFilesDir, voiceIdFor } from './voice-ids.js';
import { withinDeadline } from '../temporal/bounded-call.js';

/** Whose voices: every query is scoped to one user and mode. */
export interface Owner {
  userId: string;
  mode: Mode;
}

export interface NewVoice {
  name: string;
  description: string;
  labels: Record<string, string>;
  /** One entry per clip: its URL, or null for an uploaded clip (`uploads`, same order). */
  urls: Array<string | null>;
  uploads: Buffer[];
  idempotencyKey: string | undefined;
}

const VOICE_ID = /^vce_[0-9A-Za-z]+$/;

/**
 * How long one Temporal call may take (the client would otherwise retry for about 20 s while the
 * server is down): a request's start, the sweep's start or a terminate. After a request's start has
 * failed, requests do not try for a few seconds (the sweep starts those jobs too).
 */
const REQUEST_START_TIMEOUT_MS = 1000;
const TEMPORAL_TIMEOUT_MS = 5000;
const SKIP_AFTER_FAILURE_MS = 5000;

export class ClonedVoiceService {
  private downUntil = 0;

  constructor(
    private readonly deps: {
      config: Pick<Config, 'dataDir' | 'temporalTaskQueue' | 'voiceRefineRounds' | 'voiceRefineIterations'>;
      temporal: TemporalClient;
      events: EventBus;
      log: Logger;
      /** The synthesis server's voice builder, where this node knows it. */
      builder: () => VoiceBuilder | undefined;
    },
  ) {}

  list(em: EntityManager, owner: Owner, page: PageQuery): Promise<Page<Voice>> {
    return paginate(em, Voice, { userId: owner.userId, mode: owner.mode }, page, 'voice');
  }

  async get(em: EntityManager, owner: Owner, id: string): Promise<Voice> {
    const voice = VOICE_ID.test(id) ? await em.findOne(Voice, { id, userId: owner.userId, mode: owner.mode }) : null;
    if (!voice) throw new NotFoundError('voice', id);
    return voice;
  }

  /**
   * The voice `pending` (step `queued`), with its clone job started, or left to the sweep when
   * Temporal does not answer within a second; the same Idempotency-Key gives the same voice id, so a
   * repeated call answers the first call's voice and starts no second job.
   */
  async create(em: EntityManager, owner: Owner, input: NewVoice): Promise<Voice> {
    const { config } = this.deps;
    const id = voiceIdFor(owner.userId, owner.mode, input.idempotencyKey);
    const existing = await em.findOne(Voice, { id });
    if (existing) return existing;

    const now = new Date();
    const voice = em.create(Voice, {
      id,
      userId: owner.userId,
      mode: owner.mode,
      name: input.name,
      description: input.description,
      labels: input.labels,
      status: 'pending',
      step: 'queued',
      samples: input.urls.map((url) => ({ url })),
      build: {},
      lang: 'en-us',
      version: 0,
      similarity: null,
      searchScore: null,
      conversion: null,
      failureCode: null,
      failureReason: null,
      transcript: null,
      activeAt: null,
      refinedAt: null,
      idempotencyKey: input.idempotencyKey ?? null,
      workflowId: voiceCloneWorkflowId(id),
      createdAt: now,
      updatedAt: now,
    });
    if (input.uploads.length > 0) {
      const dir = voiceFilesDir(config.dataDir, owner.userId, id);
      await fs.mkdir(dir, { recursive: true });
      for (const [i, upload] of input.uploads.entries()) await fs.writeFile(`${dir}/upload-${i}`, upload);
    }
    await em.persistAndFlush(voice);
    await this.startOrLeaveQueued(voice);
    return voice;
  }

  /**
   * Starts the job of every voice still `queued` `graceMs` after it was created (its start failed:
   * Temporal unreachable, the process stopped in between), oldest first, at most `limit`. Run by
   * the worker's sweep. A voice whose job did start but has not begun yet is started again
   * harmlessly (same workflow id). Returns how many were started.
   */
  async startQueued(em: EntityManager, graceMs = 10_000, limit = 100): Promise<number> {
    const queued = await em.find(
      Voice,
      { status: 'pending', step: 'queued', createdAt: { $lt: new Date(Date.now() - graceMs) } },
      { limit, orderBy: { createdAt: 'asc' } },
    );
    let started = 0;
    for (const voice of queued) {
      try {
        await this.startJob(voice, TEMPORAL_TIMEOUT_MS);
        started++;
      } catch (err) {
        this.deps.log.warn({ err, voiceId: voice.id }, 'could not start a voice clone job; the sweep will retry');
        break; // Temporal is still unreachable: the next sweep tries again.
      }
    }
    return started;
  }

  /** The voice's clone workflow, started under a deadline; already started counts as started. */
  private async startJob(voice: Voice, timeoutMs: number): Promise<void> {
    const { config, temporal } = this.deps;
    try {
      await withinDeadline(temporal, timeoutMs, () =>
        temporal.workflow.start<CloneVoiceWorkflow>(CLONE_VOICE_WORKFLOW, {
          taskQueue: config.temporalTaskQueue,
          workflowId: voice.workflowId,
          args: [
            {
              voiceId: voice.id,
              refineRounds: config.voiceRefineRounds,
              refineIterations: config.voiceRefineIterations,
              // Per round, checked before each candidate: rounds 1-2 take seconds, a blend tens of them.
              refineMaxSeconds: 30,
            },
          ],
          typedSearchAttributes: voiceCloneSearchAttributes(voice),
        }),
      );
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  /**
   * Starts the job for a request, under a short deadline; a failure leaves the voice queued for the
   * sweep, and for a few seconds after one no start is tried (the sweep starts those too), so an
   * outage does not hold up every request.
   */
  private async startOrLeaveQueued(voice: Voice): Promise<void> {
    if (Date.now() < this.downUntil) return;
    try {
      await this.startJob(voice, REQUEST_START_TIMEOUT_MS);
    } catch (err) {
      this.downUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
      this.deps.log.warn({ err, voiceId: voice.id }, 'could not start a voice clone job now; the sweep will start it');
    }
  }

  async delete(em: EntityManager, owner: Owner, id: string): Promise<void> {
    const { config, temporal, events, log } = this.deps;
    const deliveries = await em.transactional(async (tx) => {
      const voice = await this.get(tx as EntityManager, owner, id);
      const bound = await tx.find(Character, { userId: owner.userId, mode: owner.mode, voiceId: voice.id });
      const recorded = [];
      for (const character of bound) {
        character.voiceId = DEFAULT_VOICE_ID;
        character.updatedAt = new Date();
        await tx.flush();
        recorded.push(
          ...(
            await events.record(tx as EntityManager, {
              userId: owner.userId,
              mode: owner.mode,
              type: 'character.updated',
              data: { id: character.id, changedFields: ['voiceId'] },
            })
          ).deliveries,
        );
      }
      await tx.removeAndFlush(voice);
      return recorded;
    });
    await events.dispatch(deliveries);
    try {
      await withinDeadline(temporal, TEMPORAL_TIMEOUT_MS, () =>
        temporal.workflow.getHandle(voiceCloneWorkflowId(id)).terminate('voice deleted'),
      );
    } catch (err) {
      // Already finished (or never started): nothing runs for this voice any more. Temporal
      // unreachable: the job, if it runs, finds the voice gone at its next step and ends.
      if (!(err instanceof WorkflowNotFoundError)) log.warn({ err }, 'could not terminate a voice clone workflow');
    }
    // A step of the job that was still running when it was terminated may write one more file while
    // the folder is removed (ENOTEMPTY): retried, and never a failure of the delete, which is done.
    await fs
      .rm(voiceFilesDir(config.dataDir, owner.userId, id), { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
      .catch((err: unknown) => log.warn({ err, voiceId: id }, "could not remove a deleted voice's files"));
    // The synthesis server forgets every version of it (`clone:<user>/<voice>/`).
    await this.deps
      .builder()
      ?.unregister(engineVoiceName(owner.userId, id, 1).replace(/\d+$/, ''))
      .catch(() => undefined);
  }
}
