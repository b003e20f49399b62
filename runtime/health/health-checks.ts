/**
 * Readiness of the servers the service depends on, each probed with a short timeout, and of the
 * model servers (synthesis, transcription, the language model) this node calls. A failure is
 * described without any internal address.
 *
 * Temporal is probed in two steps: a plain TCP connection to its address first, which a server that
 * is down refuses at once, then the gRPC call under a deadline. The gRPC call alone would not fail
 * at once: the Temporal client retries UNAVAILABLE with a backoff (about 2 s in all), which is right
 * for workflow starts and wrong for a health probe.
 */
import net from 'node:net';
import type { NatsConnection } from 'nats';
import type { Redis } from 'ioredis';
import type { Client as TemporalClient } from '@temporalio/client';
import type { Orm } from '../db/orm.js';
import { publicReason } from './dependency-failure.js';
import type { ProcessStatus } from '../stack/managed-process.js';
import { stunAnswersBinding } from '../stack/probes.js';
import type { TurnProbe } from '../stack/turn-server.js';
import { withinDeadline } from '../temporal/bounded-call.js';

export type DependencyName = 'postgres' | 'redis' | 'nats' | 'temporal';

export interface DependencyState {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

export type HealthReport = Record<DependencyName, DependencyState>;

/** The model servers a node calls; a node reports those it is configured with. */
export type ModelName = 'speechSynthesis' | 'speechTranscription' | 'languageModel';
export type ModelReport = Partial<Record<ModelName, DependencyState>>;

/** The TURN server of this node's viewers: whether it answers, whose it is, and the URIs viewers get. */
export type TurnState = DependencyState & { mode: 'embedded' | 'external'; urls: string[] };

const PROBE_TIMEOUT_MS = 2500;

async function probe(run: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: publicReason(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when something accepts a TCP connection at `address` (host:port), else rejects. */
function tcpConnect(address: string, timeoutMs: number): Promise<void> {
  const { hostname, port } = new URL(`tcp://${address}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 7233) });
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** The address the Temporal client connects to (a Connection's option), if it says. */
function temporalAddress(temporal: TemporalClient): string | undefined {
  return (temporal.connection as { options?: { address?: string } }).options?.address;
}

export class HealthChecks {
  constructor(
    private readonly deps: {
      orm: Orm;
      redis: Redis;
      nats: NatsConnection;
      temporal: TemporalClient;
      namespace: string;
      /** Base URLs of the model servers, each probed at `GET <url>/health`. */
      models?: Partial<Record<ModelName, string>>;
      /** The servers this node runs itself (the embedded stack), with their supervision state. */
      embedded?: () => ProcessStatus[];
      /** The TURN server this node's viewers relay through, probed where the node reaches it. */
      turn?: { mode: 'embedded' | 'external'; urls: string[]; probe: TurnProbe } | undefined;
    },
  ) {}

  /** The embedded servers: name, state (running, restarting, crash_loop, stopped) and restarts. */
  embedded(): Array<{ server: string; state: ProcessStatus['state']; restarts: number }> {
    return (this.deps.embedded?.() ?? []).map((p) => ({ server: p.name, state: p.state, restarts: p.restarts }));
  }

  /** The TURN server: a STUN Binding answered (UDP), or a TCP connection accepted (a turns:-only server); none with TURN=off. */
  async checkTurn(): Promise<TurnState | undefined> {
    const turn = this.deps.turn;
    if (!turn) return undefined;
    const { host, port, transport } = turn.probe;
    const state = await probe(async () => {
      if (transport === 'tcp') return tcpConnect(`${host.includes(':') ? `[${host}]` : host}:${port}`, PROBE_TIMEOUT_MS);
      if (!(await stunAnswersBinding(port, host, PROBE_TIMEOUT_MS))) throw new Error(`no STUN answer within ${PROBE_TIMEOUT_MS} ms`);
    });
    return { ...state, mode: turn.mode, urls: turn.urls };
  }

  async checkModels(): Promise<ModelReport> {
    const entries = Object.entries(this.deps.models ?? {}).filter(([, url]) => url) as Array<[ModelName, string]>;
    const states = await Promise.all(
      entries.map(async ([name, url]) => {
        const state = await probe(async () => {
          const res = await fetch(new URL('health', url.endsWith('/') ? url : `${url}/`), {
            signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
          });
          await res.body?.cancel();
          if (!res.ok) throw new Error(`answered ${res.status}`);
        });
        return [name, state] as const;
      }),
    );
    return Object.fromEntries(states);
  }

  async check(): Promise<HealthReport> {
    const { orm, redis, nats, temporal, namespace } = this.deps;
    const [postgres, redisState, natsState, temporalState] = await Promise.all([
      probe(() => orm.em.getConnection().execute('select 1')),
      probe(() => redis.ping()),
      probe(async () => {
        if (nats.isClosed()) throw new Error('connection closed');
        await nats.flush();
      }),
      probe(async () => {
        const address = temporalAddress(temporal);
        if (address) await tcpConnect(address, PROBE_TIMEOUT_MS);
        await withinDeadline(temporal, PROBE_TIMEOUT_MS, () => temporal.workflowService.describeNamespace({ namespace }));
      }),
    ]);
    return { postgres, redis: redisState, nats: natsState, temporal: temporalState };
  }
}
