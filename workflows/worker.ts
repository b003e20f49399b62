/**
 * The workflow worker role (COMPANION_ROLE all or worker): the Temporal worker on
 * TEMPORAL_TASK_QUEUE with every activity built from the core's parts, and the sweep that starts
 * deliveries recorded, and voice clone jobs asked for, while Temporal was unreachable. Returns its
 * own shutdown hooks.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Core } from '../runtime/core.js';
import { withShutdownHooks, type ShutdownHook } from '../runtime/shutdown.js';
import { startWorker, type RunningWorker } from '../runtime/temporal/worker.js';
import { version } from '../runtime/version.js';
import { voiceCloneActivities } from './voice-clone/wiring.js';
import { createWebhookActivities } from './webhook-delivery/activities.js';

export interface WorkflowWorker {
  worker: RunningWorker;
  shutdown: ShutdownHook[];
}

export function startWorkflowWorker(core: Core): Promise<WorkflowWorker> {
  const { config, orm, events, log, secrets, urls } = core;
  return withShutdownHooks(log, async (hooks) => {
    const worker = await startWorker({
      address: urls.temporalAddress,
      namespace: config.temporalNamespace,
      taskQueue: config.temporalTaskQueue,
      log,
      activities: {
        ...(core.voiceBuilder && urls.speechSttUrl
          ? voiceCloneActivities(config, { orm, events, log, builder: core.voiceBuilder, sttUrl: urls.speechSttUrl })
          : {}),
        ...createWebhookActivities({
          orm,
          secrets,
          log,
          policy: { allowLoopback: config.webhookAllowLoopback, allowPrivate: config.webhookAllowPrivate },
          timeoutMs: config.webhookTimeoutMs,
          maxResponseBytes: config.webhookMaxResponseBytes,
          userAgent: `Companion-Webhooks/${version}`,
        }),
      },
    });
    hooks.push(['temporal worker', () => worker.close()]);
    // Deliveries recorded and clone jobs asked for while Temporal was unreachable are started here
    // once it answers.
    const sweeper = setInterval(() => {
      events.dispatchPending().catch((err) => log.warn({ err }, 'webhook dispatch sweep failed'));
      core.clonedVoices.startQueued(orm.em.fork() as EntityManager).catch((err) => log.warn({ err }, 'voice clone job sweep failed'));
    }, config.webhookSweepIntervalMs);
    sweeper.unref();
    hooks.push(['webhook sweeper', async () => clearInterval(sweeper)]);
    return { worker };
  });
}
