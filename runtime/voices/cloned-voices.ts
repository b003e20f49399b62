/**
 * Cloned voices of an account (user and mode): list, find, create (the record, the uploaded clips
 * and the clone workflow, idempotently), delete (the record, its files, its job and its versions in
 * the synthesis server; characters bound to it fall back to the default voice, each with its
 * character.updated event). Routes keep schemas, body parsing and HTTP concerns; this is the
 * repository they call, as runtime/characters/character-service.ts is for characters.
 *
 * Not here: fetching and checking the clips and building the voice (workflows/voice-clone).
 */
import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client as TemporalClient } from '@temporalio/client';
import { DEFAULT_VOICE_ID } from '../../media/speech/voice-catalog.js';
import type { VoiceBuilder } from '../../media/speech/voice-builder-client.js';
import type { cloneVoice } from '../../workflows/voice-clone/workflow.js';
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

export class ClonedVoiceService {
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
   * The voice `pending`, with its clone job started; the same Idempotency-Key gives the same voice
   * id, so a repeated call answers the first call's voice and starts no second job.
   */
  async create(em: EntityManager, owner: Owner, input: NewVoice): Promise<Voice> {
    const { config, temporal } = this.deps;
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
    try {
      await temporal.workflow.start<typeof cloneVoice>('cloneVoice', {
        taskQueue: config.temporalTaskQueue,
        workflowId: voice.workflowId,
        args: [
          {
            voiceId: id,
            refineRounds: config.voiceRefineRounds,
            refineIterations: config.voiceRefineIterations,
            refineMaxSeconds: 120,
          },
        ],
        typedSearchAttributes: voiceCloneSearchAttributes(voice),
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        await em.removeAndFlush(voice);
        throw err;
      }
    }
    return voice;
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
      await temporal.workflow.getHandle(voiceCloneWorkflowId(id)).terminate('voice deleted');
    } catch (err) {
      // Already finished (or never started): nothing runs for this voice any more.
      if (!(err instanceof WorkflowNotFoundError)) log.debug({ err }, 'could not terminate a voice clone workflow');
    }
    await fs.rm(voiceFilesDir(config.dataDir, owner.userId, id), { recursive: true, force: true });
    // The synthesis server forgets every version of it (`clone:<user>/<voice>/`).
    await this.deps
      .builder()
      ?.unregister(engineVoiceName(owner.userId, id, 1).replace(/\d+$/, ''))
      .catch(() => undefined);
  }
}
