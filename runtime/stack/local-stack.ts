/**
 * The embedded stack: NATS (JetStream), Redis, PostgreSQL, a Temporal dev server, the speech
 * model servers (speech-servers.ts), the language model and the TURN server (turn-server.ts),
 * started by the service when no external URL is configured and stopped when it shuts down. Each server is skipped when its URL
 * is set, which is how several nodes share real clusters.
 *
 * It supervises them: a server that dies is started again with a backoff (managed-process.ts),
 * and they die with the service even when it is killed hard (parent-watch.ts). It is still not a
 * production supervisor: an operator running many nodes points the URLs at managed servers instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { natsConfigFile } from '../paths.js';
import { DEFAULT_RESTART_POLICY, ManagedProcess, type ProcessStatus, type RestartPolicy } from './managed-process.js';
import { ParentWatch } from './parent-watch.js';
import { llmServer, natsServer, postgresServer, redisServer, temporalServer, type EmbeddedServer } from './embedded-servers.js';
import { projectRoot } from '../paths.js';
import { speechServer } from './speech-servers.js';
import { probeOfUrl, turnSecret, turnServer, type TurnAccess } from './turn-server.js';

export interface StackUrls {
  natsUrl: string;
  redisUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  /** The embedded language model, when REPLY_ENGINE=local and the model is installed. */
  llmUrl?: string;
  /** Speech model servers (OpenAI-compatible). */
  speechTtsUrl: string;
  speechSttUrl: string;
  /** The TURN server viewers of this node's rooms relay through (embedded or TURN_URLS); none with TURN=off. */
  turn?: TurnAccess;
}

export class LocalStack {
  /**
   * This process's stacks that hold each data directory's lock: a benchmark's stack and the
   * service it starts (whose own stack holds only its TURN server) share one, and the first to
   * stop must not release it while the other still runs.
   */
  private static readonly holders = new Map<string, number>();
  private readonly running: ManagedProcess[] = [];
  private holdsLock = false;
  private watch: ParentWatch | undefined;
  /** Called at each restart of a server that died (the service counts them in its metrics). */
  onRestart: ((server: string) => void) | undefined;

  private constructor(
    readonly urls: StackUrls,
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly policy: RestartPolicy,
  ) {}

  static async start(
    config: Config,
    log: Logger,
    only?: ReadonlyArray<keyof StackUrls>,
    policy: RestartPolicy = DEFAULT_RESTART_POLICY,
  ): Promise<LocalStack> {
    const { dataDir, stackPortBase: base } = config;

    const wanted: Array<[Exclude<keyof StackUrls, 'turn'>, string | undefined, () => EmbeddedServer]> = [
      ['natsUrl', config.natsUrl, () => natsServer(dataDir, base, natsConfigFile)],
      ['redisUrl', config.redisUrl, () => redisServer(dataDir, base)],
      ['databaseUrl', config.databaseUrl, () => postgresServer(dataDir, base)],
      [
        'temporalAddress',
        config.temporalAddress,
        () => temporalServer(dataDir, base, config.temporalCli, config.temporalNamespace, config.temporalUi),
      ],
      ['speechTtsUrl', config.speechTtsUrl, () => speechServer('tts', base, config.speechPython, config.speechModelsDir)],
      [
        'speechSttUrl',
        config.speechSttUrl,
        () =>
          speechServer('stt', base, config.speechPython, config.speechModelsDir, config.speechSttModel, config.speechSttMultilingualModel),
      ],
    ];
    const embedded = wanted.filter(([key, external]) => !external && (!only || only.includes(key)));
    if (embedded.length > 0) {
      const owner = LocalStack.owner(dataDir);
      if (owner !== undefined && owner !== process.pid) {
        throw new Error(`another Companion process (pid ${owner}) is using the data directory ${dataDir}`);
      }
      fs.mkdirSync(path.join(dataDir, 'run'), { recursive: true });
      fs.writeFileSync(LocalStack.lockFile(dataDir), String(process.pid));
    }
    const urls: Partial<StackUrls> = {};
    const stack = new LocalStack(urls as StackUrls, dataDir, log, policy);
    if (embedded.length > 0) stack.holdLock();
    try {
      await Promise.all(
        wanted.map(async ([key, external, make]) => {
          if (external) {
            urls[key] = external;
            return;
          }
          if (only && !only.includes(key)) return;
          const server = make();
          await server.prepare?.();
          const proc = stack.managed(server);
          await proc.start();
          await server.afterReady?.();
          urls[key] = server.url;
        }),
      );
      // Replies are produced where sessions are hosted: API nodes, not worker-only ones.
      if (config.replyEngine === 'local' && config.role !== 'worker' && (!only || only.includes('llmUrl'))) await stack.startLlm(config);
      // Viewers reach rooms on nodes that host sessions: the TURN server runs beside them.
      if (config.turn !== 'off' && config.role !== 'worker' && (!only || only.includes('turn'))) await stack.startTurn(config);
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  private async startLlm(config: Config): Promise<void> {
    if (!fs.existsSync(config.llmModelPath) || !fs.existsSync(path.join(config.llmRuntimeDir, 'node_modules/node-llama-cpp'))) {
      this.log.warn(
        { model: config.llmModelPath },
        'the local language model is not installed (scripts/setup.sh, or scripts/setup-llm.sh <model>); replies fall back to the persona engine',
      );
      return;
    }
    const server = llmServer(
      config.stackPortBase,
      config.llmModelPath,
      config.llmRuntimeDir,
      path.join(projectRoot, 'dist/runtime/llm/llm-server.js'),
      config.llmPrompt,
      config.llmThreads,
      config.llmCompletionsLog,
      config.llmNice,
    );
    const proc = this.managed(server);
    await proc.start();
    this.urls.llmUrl = server.url;
  }

  private async startTurn(config: Config): Promise<void> {
    const secret = turnSecret(config.turnSecret, config.dataDir);
    if (config.turn === 'external') {
      this.urls.turn = { urls: [...config.turnUrls], secret, probe: probeOfUrl(config.turnUrls[0]!) };
      return;
    }
    const server = turnServer({
      dataDir: config.dataDir,
      portBase: config.stackPortBase,
      secret,
      listenIp: config.rtcListenIp,
      announcedAddress: config.rtcAnnouncedAddress,
      relayPorts: { min: config.turnMinPort, max: config.turnMaxPort },
      tls: config.turnTlsPort && config.tls ? { port: config.turnTlsPort, ...config.tls } : undefined,
    });
    await server.prepare?.();
    await this.managed(server).start();
    this.urls.turn = { urls: server.urls, secret, probe: server.probe };
  }

  /** A supervised server of this stack; the first one starts the parent-death watch. */
  private managed(server: EmbeddedServer): ManagedProcess {
    this.watch ??= ParentWatch.start(path.join(this.dataDir, 'run'));
    const proc = new ManagedProcess(server.spec, this.dataDir, this.log, { ...this.policy, onRestart: (name) => this.onRestart?.(name) });
    this.running.push(proc);
    return proc;
  }

  /** Each embedded server: running, restarting, crash_loop or stopped, and its restarts. */
  status(): ProcessStatus[] {
    return this.running.map((proc) => proc.status());
  }

  /**
   * The service begins to shut down: no server is restarted from now on (a crash-looping one is
   * neither retried nor logged again); those running keep running until stop().
   */
  holdRestarts(): void {
    for (const proc of this.running) proc.holdRestarts();
  }

  /** Stops the embedded servers and releases the data directory. */
  async stop(): Promise<void> {
    await Promise.all(this.running.map((proc) => proc.stop()));
    this.running.length = 0;
    await this.watch?.stop();
    this.watch = undefined;
    this.releaseLock();
    this.log.info('embedded stack stopped');
  }

  private holdLock(): void {
    this.holdsLock = true;
    LocalStack.holders.set(this.dataDir, (LocalStack.holders.get(this.dataDir) ?? 0) + 1);
  }

  /** Releases the data directory once no other stack of this process holds it. */
  private releaseLock(): void {
    if (!this.holdsLock) return;
    this.holdsLock = false;
    const left = (LocalStack.holders.get(this.dataDir) ?? 1) - 1;
    if (left > 0) return void LocalStack.holders.set(this.dataDir, left);
    LocalStack.holders.delete(this.dataDir);
    if (LocalStack.owner(this.dataDir) === process.pid) fs.rmSync(LocalStack.lockFile(this.dataDir), { force: true });
  }

  private static lockFile(dataDir: string): string {
    return path.join(dataDir, 'run', 'companion.pid');
  }

  /** The pid of the live Companion process that owns this data directory, if any. */
  static owner(dataDir: string): number | undefined {
    try {
      const pid = Number(fs.readFileSync(LocalStack.lockFile(dataDir), 'utf8').trim());
      process.kill(pid, 0);
      return pid;
    } catch {
      return undefined;
    }
  }
}
