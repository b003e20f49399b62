/**
 * The service's configuration: `process.env` is parsed exactly once, here, into a frozen, typed
 * object. Nothing else in the code base reads environment variables.
 *
 * Every variable is documented in docs/CONFIGURATION.md; keep the two in step.
 */
import path from 'node:path';
import { catalogue, installedModelPath } from './llm/model-catalogue.js';

export type ServiceRole = 'all' | 'api' | 'worker';

export interface PlanLimitOverrides {
  [planId: string]: Partial<{ monthlyApiCalls: number | null; dailyCallsPerKey: number; requestsPerMinute: number }>;
}

export interface Config {
  /** Which parts run in this process: `all` (API + Temporal worker), `api` or `worker`. */
  role: ServiceRole;
  /** Address and port the public HTTP API listens on. */
  host: string;
  port: number;
  /**
   * HTTPS on that port: the certificate chain and its private key, PEM files (both or neither).
   * Browsers give the viewer page a microphone only on a secure page (docs/OPERATIONS.md).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Internal Prometheus listener (`/metrics`); port 0 picks a free port, -1 disables it. */
  metricsHost: string;
  metricsPort: number;
  /** Log level for pino (`fatal` … `trace`, or `silent`). */
  logLevel: string;
  /** The one directory that holds all local state: databases, logs, files. */
  dataDir: string;
  /** First port of the embedded stack's block (NATS +222, Redis +379, PostgreSQL +432, Temporal +233). */
  stackPortBase: number;
  /** External servers; when set, the embedded one is not started. */
  natsUrl: string | undefined;
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalTaskQueue: string;
  /** Serve the Temporal Web UI of the embedded Temporal server (port = Temporal port + 1000). */
  temporalUi: boolean;
  /** Path of the `temporal` CLI used for the embedded Temporal server. */
  temporalCli: string;
  /** Largest accepted JSON request body, in bytes. */
  bodyLimitBytes: number;
  /** Trust X-Forwarded-For (set when behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * Origins allowed to call the API from a browser (CORS): `*` or a comma-separated list.
   * Credentials are bearer tokens, never cookies, so `*` grants nothing a token does not.
   */
  corsOrigins: '*' | string[];
  /** Per-IP limit of public routes such as GET /api/v1/status (requests per minute). */
  publicRequestsPerMinute: number;
  /** How long GET /api/v1/status is cached, in ms. */
  statusCacheMs: number;
  /** Retry-After (seconds) of a 503 whose cause is a dependency down, a node shutting down or a session being moved. */
  retryAfterS: number;
  /** How often undispatched webhook deliveries are started (the sweeper of worker processes), in ms. */
  webhookSweepIntervalMs: number;
  /** Usage recording: flush interval and largest batch. */
  usageFlushIntervalMs: number;
  usageBatchMax: number;
  /** How long a verified credential stays in a node's memory before it is looked up again. */
  credentialCacheMs: number;
  /** Plan limit overrides (JSON in COMPANION_PLAN_LIMITS), merged onto the defaults in plans.ts. */
  planLimitOverrides: PlanLimitOverrides;
  /** Lifetime of an `st_` session token, in seconds. */
  sessionTokenTtlS: number;
  /**
   * Lifetime of a `vt_` viewer token, in seconds: how long it can open (or re-open) the viewer.
   * A viewer already watching stays until the session ends or the token is revoked.
   */
  viewerTokenTtlS: number;
  /**
   * Who may embed the viewer page (`/view`) in a frame: the CSP `frame-ancestors` sources,
   * space-separated (`*` by default: any site; e.g. `https://app.example.com`).
   */
  viewerFrameAncestors: string;
  /** Grace period for in-flight work on shutdown, in ms. */
  shutdownTimeoutMs: number;
  /**
   * 32-byte key (hex or base64) that encrypts webhook signing secrets at rest. Unset: a key is
   * generated once into `<dataDir>/secret.key`; several nodes must share the same key.
   */
  secretKey: string | undefined;
  /** Seconds to wait before each retry of a failed webhook delivery (default spans ~3 days). */
  webhookRetryScheduleS: readonly number[];
  /** Timeout of one webhook attempt (connect + response), in ms. */
  webhookTimeoutMs: number;
  /** Largest response body read from a receiver; the rest is discarded. */
  webhookMaxResponseBytes: number;
  /** Allow webhook URLs on loopback (127.0.0.0/8, ::1) — for local development and tests. */
  webhookAllowLoopback: boolean;
  /** Allow webhook URLs on private and link-local ranges (10/8, 172.16/12, 192.168/16, …). */
  webhookAllowPrivate: boolean;
  /** Live sessions open at once across the deployment. */
  sessionCapacity: number;
  /** When full: `refuse` new sessions with 429, or `evict_idle` the longest-idle one. */
  sessionCapacityPolicy: 'refuse' | 'evict_idle';
  /** A session with no chat turn for this long is ended with reason `idle` (reads do not count). */
  sessionIdleTimeoutMs: number;
  /** A node whose heartbeat is older than this is dead; its sessions are adopted. */
  sessionNodeLeaseMs: number;
  /** How often each node looks for sessions of dead nodes. */
  sessionScanIntervalMs: number;
  /** Most messages (user and companion lines) a session keeps in memory; older ones stay in the journal. */
  sessionMemoryTurns: number;
  /** Budget of the memory window a language model sees, in estimated tokens (oldest turns dropped first). */
  sessionMemoryTokens: number;
  /**
   * Reply engine: `local` (the embedded language model, default), `openai` (any
   * /v1/chat/completions server at REPLY_ENGINE_URL) or `persona` (deterministic, rule-based).
   * `local` falls back to `persona` with a warning when the model is not installed.
   */
  replyEngine: 'local' | 'openai' | 'persona';
  replyEngineUrl: string | undefined;
  replyEngineModel: string;
  replyEngineApiKey: string | undefined;
  /** Time a whole turn may take, retries included (under the session's 60 s answer time). */
  replyEngineTimeoutMs: number;
  /** Token cap of one generation: a reply that runs away is cut here. */
  replyMaxTokens: number;
  /** Sentences kept of one reply; the rest is cut so replies stay short enough to speak. */
  replyMaxSentences: number;
  /** The same two caps for a turn that asks for a story, an explanation, a description or a list. */
  replyLongMaxTokens: number;
  replyLongMaxSentences: number;
  /** Further attempts after a generation with nothing speakable, before the turn fails with 503. */
  replyEmptyRetries: number;
  /** Sampling temperature of a reply (0–2); 0 is greedy, the same conversation gets the same reply. */
  replyTemperature: number;
  /** The embedded model, by id in runtime/llm/models.json, and how it is prompted. */
  llmModel: string;
  llmPrompt: 'chat' | 'transcript';
  /** The GGUF model and the node-llama-cpp install of the embedded language model. */
  llmModelPath: string;
  llmRuntimeDir: string;
  /**
   * CPU threads of the embedded model: `auto` by default, one per core that the rest of the machine
   * leaves idle, chosen again for every decoded batch; or a fixed number. A fixed 2 on a 2-core
   * machine shared with the service, speech and the databases makes llama.cpp's threads wait for
   * each other at every token whenever one is descheduled (docs/SESSIONS.md#local-default).
   */
  llmThreads: number | 'auto';
  /**
   * LLM_NICE: the embedded model's CPU priority below the service's (0-19). Speech synthesis, the
   * frame pacer and the transcriber are what a listener waits on; the model's tokens can wait a
   * few milliseconds for them.
   */
  llmNice: number;
  /** LLM_COMPLETIONS_LOG: a file the embedded model appends one JSON line per completion to (its raw text, prompt tokens evaluated, queue, first-text and total ms), for diagnosis. */
  llmCompletionsLog: string | undefined;
  /**
   * Speech synthesis server (OpenAI-compatible `POST /v1/audio/speech`), e.g. a GPU box running
   * speaches or Kokoro-FastAPI. Unset: the service starts its own model process.
   */
  speechTtsUrl: string | undefined;
  /** Transcription server (OpenAI-compatible `POST /v1/audio/transcriptions`). Unset: embedded. */
  speechSttUrl: string | undefined;
  /** The embedded transcriber's model: whisper-tiny.en (English) or whisper-base (99 languages). */
  speechSttModel: 'whisper-tiny.en' | 'whisper-base';
  /** The embedded transcriber's model for every language but English (and auto); none: English only. */
  speechSttMultilingualModel: 'whisper-base' | 'none';
  /** Python of the speech venv that runs the embedded model processes (scripts/setup.sh makes it). */
  speechPython: string;
  /** Model files derived at set-up (patched Piper voice, joined Kokoro model, voices.npz). */
  speechModelsDir: string;
  /** Longest wait for one call to a model server (connect, headers and body), in ms. */
  speechTimeoutMs: number;
  /** Largest response read from a model server, in bytes (bounds a misbehaving upstream). */
  speechMaxResponseBytes: number;
  /** Retry-After (seconds) sent with 503 when a model server is unreachable or unhealthy. */
  speechRetryAfterS: number;
  /** Longest text accepted for synthesis, in characters (longer: 413). */
  speechMaxTextChars: number;
  /** Largest audio upload for transcription, in bytes (larger: 413). */
  speechMaxAudioBytes: number;
  /** Longest audio accepted for transcription, in seconds (longer: 400). */
  speechMaxAudioS: number;
  /** Path of ffmpeg, which decodes uploads (WAV, WebM/Opus, Ogg, MP3, FLAC, …) to 16 kHz mono. */
  ffmpegPath: string;
  /** Largest voice sample (fetched by URL or uploaded), in bytes; larger fails `sample_too_large`. */
  voiceSampleMaxBytes: number;
  /** Longest voice sample, in seconds; longer fails `sample_too_long`. */
  voiceSampleMaxS: number;
  /** Deadline of one sample fetch (connect, redirects and body), in ms. */
  voiceSampleFetchTimeoutMs: number;
  /** Least speech, in seconds over all samples, a clone accepts (about 10 s is the target). */
  voiceMinSpeechS: number;
  /**
   * Refinement after a voice is active: rounds of candidates, each round one activity. Rounds 1-2
   * search the conversion (seconds); rounds from 3 on synthesise blends (tens of seconds each).
   */
  voiceRefineRounds: number;
  /** Candidates synthesised and scored per refinement round. */
  voiceRefineIterations: number;
  /**
   * The mediasoup worker binary. Unset: the package's own path, which scripts/setup.sh links to
   * the worker it builds in .tools/mediasoup-worker/<version>/.
   */
  mediasoupWorkerBin: string | undefined;
  /** mediasoup workers (one process each) on a node that hosts sessions; 0 = one per CPU core. */
  mediaWorkers: number;
  /**
   * Realtime sessions (rooms) this node hosts at once; past it a new realtime session is refused
   * with 429 (COMPANION_ERR_REALTIME_CAPACITY) rather than degrading every stream on the node.
   * The default is what a 2-core node holds at 12 fps (docs/BENCHMARKS.md, media).
   */
  realtimeSessionsPerNode: number;
  /** Address the WebRTC (and RTP) sockets listen on. */
  rtcListenIp: string;
  /**
   * Address given to browsers in ICE candidates when it differs from the listen address (NAT,
   * cloud VMs: the public IP or a host name); unset: the listen address itself.
   */
  rtcAnnouncedAddress: string | undefined;
  /** UDP/TCP ports WebRTC transports take (open them in the firewall). */
  rtcMinPort: number;
  rtcMaxPort: number;
  /**
   * The TURN server viewers may relay their media through when no direct path reaches the SFU
   * (docs/CONFIGURATION.md#turn): `embedded` (coturn, started by nodes that host sessions),
   * `external` (TURN_URLS, sharing TURN_SECRET) or `off`.
   */
  turn: 'embedded' | 'external' | 'off';
  /** The external TURN server's URIs (`turn:` / `turns:`), as browsers are given them. */
  turnUrls: readonly string[];
  /**
   * Secret shared with the TURN server, from which each viewer's credentials are derived (TURN REST
   * API). Unset with the embedded server: generated once into `<dataDir>/turn.secret`.
   */
  turnSecret: string | undefined;
  /** Lifetime of the TURN credentials minted for a viewer, in seconds (an allocation made in time outlives them). */
  turnCredentialTtlS: number;
  /** The embedded TURN server's TLS port (`turns:`, with TLS_CERT_FILE and TLS_KEY_FILE); undefined: no TLS listener. */
  turnTlsPort: number | undefined;
  /** UDP ports the embedded TURN server relays from (open them in the firewall; apart from RTC_MIN_PORT–RTC_MAX_PORT). */
  turnMinPort: number;
  turnMaxPort: number;
  /** Frame rate of a realtime session that does not ask for one (`target_fps` 1–30). */
  mediaDefaultFps: number;
  /** Size of the companion's video, in pixels (even numbers). */
  mediaVideoWidth: number;
  mediaVideoHeight: number;
  /** Target bitrate of the companion's VP8 video, in kbit/s. */
  mediaVideoKbps: number;
  /** What realtime sessions show: `face` (drawn from the character's appearance) or `test-pattern`. */
  mediaPerformer: 'face' | 'test-pattern';
  /** Silence after the user's speech (viewer page microphone) that ends their turn, in ms, where no end-of-turn model decides. */
  voiceEndOfTurnMs: number;
  /**
   * At `voiceTurnCheckMs` of silence the turn so far is transcribed early; with the end-of-turn
   * model (Smart Turn, on the transcription server; off by default) the model is also asked
   * whether the user has finished, and a turn it finds unfinished waits up to `voiceTurnWaitMs`.
   * Without the model every turn ends at `voiceEndOfTurnMs`.
   */
  voiceTurnModel: boolean;
  voiceTurnCheckMs: number;
  voiceTurnWaitMs: number;
  /** From this probability (percent) on, the model's answer is "finished". */
  voiceTurnCompletePercent: number;
  /** While the user speaks, their words so far are transcribed every this many ms of the turn and shown as a live caption (0: never). */
  voiceInterimMs: number;
  /**
   * Speech within the user's turn after which the companion stops talking (barge-in), in ms: long
   * enough that a cough or a click does not interrupt it.
   */
  voiceBargeInMs: number;
}

// Stripe-like: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h, 24 h → 9 retries over ~3.1 days.
const DEFAULT_WEBHOOK_RETRY_SCHEDULE_S = [60, 300, 1800, 7200, 18_000, 36_000, 36_000, 86_400, 86_400];

function schedule(env: Env, name: string, fallback: number[]): number[] {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.length > 50 || values.some((v) => !Number.isInteger(v) || v < 1 || v > 7 * 86_400)) {
    throw new ConfigError(name, 'must be a comma-separated list of 1–50 whole seconds, each 1–604800');
  }
  return values;
}

type Env = Record<string, string | undefined>;

class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** I420 frames need even sizes. */
function evenInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = int(env, name, fallback, min, max);
  if (value % 2 !== 0) throw new ConfigError(name, `must be an even number, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function str(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** An http(s) base URL without a trailing slash. */
function url(env: Env, name: string): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function planOverrides(env: Env): PlanLimitOverrides {
  const raw = str(env, 'COMPANION_PLAN_LIMITS');
  if (raw === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    const allowed = new Set(['monthlyApiCalls', 'dailyCallsPerKey', 'requestsPerMinute']);
    for (const [plan, limits] of Object.entries(parsed as Record<string, unknown>)) {
      if (!['free', 'pro', 'enterprise'].includes(plan)) throw new Error(`unknown plan ${plan}`);
      if (typeof limits !== 'object' || limits === null) throw new Error(`${plan} must be an object`);
      for (const [field, value] of Object.entries(limits)) {
        if (!allowed.has(field)) throw new Error(`${plan}.${field} is not a limit`);
        const nullable = field === 'monthlyApiCalls' && value === null;
        if (!nullable && !(Number.isInteger(value) && (value as number) >= 0))
          throw new Error(`${plan}.${field} must be a whole number ≥ 0`);
      }
    }
    return parsed as PlanLimitOverrides;
  } catch (err) {
    throw new ConfigError('COMPANION_PLAN_LIMITS', `must be a JSON object (${(err as Error).message})`);
  }
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither, resolved to absolute paths. */
function tlsFiles(env: Env): Config['tls'] {
  const certFile = str(env, 'TLS_CERT_FILE');
  const keyFile = str(env, 'TLS_KEY_FILE');
  if (!certFile && !keyFile) return undefined;
  if (!certFile) throw new ConfigError('TLS_CERT_FILE', 'is required with TLS_KEY_FILE');
  if (!keyFile) throw new ConfigError('TLS_KEY_FILE', 'is required with TLS_CERT_FILE');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

/** TURN_URLS: comma-separated `turn:` / `turns:` URIs (RFC 7065), as browsers take them in `iceServers`. */
function turnUrls(env: Env): string[] {
  const raw = str(env, 'TURN_URLS');
  if (raw === undefined) return [];
  const urls = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !/^turns?:(\[[0-9a-fA-F:.]+\]|[^\s:?[\]]+)(:\d{1,5})?(\?transport=(udp|tcp))?$/.test(u));
  if (bad !== undefined) throw new ConfigError('TURN_URLS', `must be turn: or turns: URIs separated by commas, got "${bad}"`);
  return urls;
}

/** The TURN settings that only make sense together. */
function checkTurn(config: Config): void {
  if (config.turn === 'external') {
    if (config.turnUrls.length === 0) throw new ConfigError('TURN_URLS', 'is required when TURN=external');
    if (!config.turnSecret) throw new ConfigError('TURN_SECRET', 'is required with an external TURN server (TURN_URLS)');
  }
  if (config.turn === 'embedded' && config.turnUrls.length > 0)
    throw new ConfigError('TURN_URLS', 'names an external TURN server; it cannot be set with TURN=embedded');
  if (config.turnSecret !== undefined && config.turnSecret.length < 16)
    throw new ConfigError('TURN_SECRET', 'must be at least 16 characters');
  if (config.turnTlsPort !== undefined && !config.tls)
    throw new ConfigError('TURN_TLS_PORT', 'needs the certificate: set TLS_CERT_FILE and TLS_KEY_FILE');
  if (config.turnMinPort > config.turnMaxPort)
    throw new ConfigError('TURN_MIN_PORT', `must not be above TURN_MAX_PORT (${config.turnMaxPort}), got ${config.turnMinPort}`);
  if (config.turn === 'embedded' && config.turnMinPort <= config.rtcMaxPort && config.rtcMinPort <= config.turnMaxPort)
    throw new ConfigError(
      'TURN_MIN_PORT',
      `the TURN relay ports must not overlap RTC_MIN_PORT–RTC_MAX_PORT (${config.rtcMinPort}–${config.rtcMaxPort})`,
    );
}

/** Parses an environment into a frozen Config; throws ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): Readonly<Config> {
  const role: ServiceRole = argv.includes('--worker-only')
    ? 'worker'
    : oneOf(env, 'COMPANION_ROLE', ['all', 'api', 'worker'] as const, 'all');
  const config: Config = {
    role,
    host: str(env, 'HOST') ?? '127.0.0.1',
    port: int(env, 'PORT', 3000, 0, 65535),
    tls: tlsFiles(env),
    metricsHost: str(env, 'METRICS_HOST') ?? '127.0.0.1',
    metricsPort: int(env, 'METRICS_PORT', 9464, -1, 65535),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    dataDir: path.resolve(str(env, 'COMPANION_DATA_DIR') ?? '.data'),
    stackPortBase: int(env, 'COMPANION_STACK_PORT_BASE', 14000, 1024, 60000),
    natsUrl: str(env, 'NATS_URL'),
    redisUrl: str(env, 'REDIS_URL'),
    databaseUrl: str(env, 'DATABASE_URL'),
    temporalAddress: str(env, 'TEMPORAL_ADDRESS'),
    temporalNamespace: str(env, 'TEMPORAL_NAMESPACE') ?? 'default',
    temporalTaskQueue: str(env, 'TEMPORAL_TASK_QUEUE') ?? 'companion',
    temporalUi: bool(env, 'TEMPORAL_UI', true),
    temporalCli: str(env, 'TEMPORAL_CLI') ?? path.resolve('.tools/venv/bin/temporal'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    corsOrigins: (() => {
      const raw = str(env, 'CORS_ORIGINS') ?? '*';
      return raw === '*'
        ? '*'
        : raw
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean);
    })(),
    publicRequestsPerMinute: int(env, 'PUBLIC_REQUESTS_PER_MINUTE', 60, 1, 1_000_000),
    statusCacheMs: int(env, 'STATUS_CACHE_MS', 15_000, 0, 3_600_000),
    retryAfterS: int(env, 'RETRY_AFTER_S', 2, 1, 3600),
    webhookSweepIntervalMs: int(env, 'WEBHOOK_SWEEP_INTERVAL_MS', 15_000, 500, 3_600_000),
    usageFlushIntervalMs: int(env, 'USAGE_FLUSH_INTERVAL_MS', 1000, 50, 60_000),
    usageBatchMax: int(env, 'USAGE_BATCH_MAX', 500, 1, 10_000),
    credentialCacheMs: int(env, 'CREDENTIAL_CACHE_MS', 30_000, 0, 600_000),
    planLimitOverrides: planOverrides(env),
    sessionTokenTtlS: int(env, 'SESSION_TOKEN_TTL_S', 900, 60, 86_400),
    viewerTokenTtlS: int(env, 'VIEWER_TOKEN_TTL_S', 900, 60, 86_400),
    viewerFrameAncestors: (() => {
      const raw = str(env, 'VIEWER_FRAME_ANCESTORS') ?? '*';
      // CSP source expressions only: no quotes, semicolons or commas that would end the directive.
      if (!/^[A-Za-z0-9*:/.\- ']+$/.test(raw) || raw.includes(';'))
        throw new ConfigError('VIEWER_FRAME_ANCESTORS', 'must be CSP sources separated by spaces');
      return raw.trim();
    })(),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    secretKey: str(env, 'COMPANION_SECRET_KEY'),
    webhookRetryScheduleS: Object.freeze(schedule(env, 'WEBHOOK_RETRY_SCHEDULE_S', DEFAULT_WEBHOOK_RETRY_SCHEDULE_S)),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookMaxResponseBytes: int(env, 'WEBHOOK_MAX_RESPONSE_BYTES', 64 * 1024, 0, 1024 * 1024),
    webhookAllowLoopback: bool(env, 'WEBHOOK_ALLOW_LOOPBACK', false),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    sessionCapacity: int(env, 'SESSION_CAPACITY', 100, 1, 1_000_000),
    sessionCapacityPolicy: oneOf(env, 'SESSION_CAPACITY_POLICY', ['refuse', 'evict_idle'] as const, 'refuse'),
    sessionIdleTimeoutMs: int(env, 'SESSION_IDLE_TIMEOUT_MS', 300_000, 1000, 86_400_000),
    sessionNodeLeaseMs: int(env, 'SESSION_NODE_LEASE_MS', 10_000, 1000, 600_000),
    sessionScanIntervalMs: int(env, 'SESSION_SCAN_INTERVAL_MS', 2000, 100, 60_000),
    sessionMemoryTurns: int(env, 'SESSION_MEMORY_TURNS', 40, 2, 400),
    sessionMemoryTokens: int(env, 'SESSION_MEMORY_TOKENS', 1024, 64, 32_768),
    replyEngine: oneOf(env, 'REPLY_ENGINE', ['local', 'openai', 'persona'] as const, str(env, 'REPLY_ENGINE_URL') ? 'openai' : 'local'),
    replyEngineUrl: str(env, 'REPLY_ENGINE_URL'),
    replyEngineModel: str(env, 'REPLY_ENGINE_MODEL') ?? 'default',
    replyEngineApiKey: str(env, 'REPLY_ENGINE_API_KEY'),
    // A whole turn, retries included; below the 60 s a session's caller waits (session-host.ts).
    replyEngineTimeoutMs: int(env, 'REPLY_ENGINE_TIMEOUT_MS', 45_000, 1000, 55_000),
    replyMaxTokens: int(env, 'REPLY_MAX_TOKENS', 120, 16, 2048),
    replyMaxSentences: int(env, 'REPLY_MAX_SENTENCES', 3, 1, 50),
    replyLongMaxTokens: int(env, 'REPLY_LONG_MAX_TOKENS', 260, 16, 4096),
    replyLongMaxSentences: int(env, 'REPLY_LONG_MAX_SENTENCES', 6, 1, 50),
    replyEmptyRetries: int(env, 'REPLY_EMPTY_RETRIES', 2, 0, 5),
    replyTemperature: int(env, 'REPLY_TEMPERATURE_PERCENT', 0, 0, 200) / 100,
    llmModel: oneOf(env, 'LLM_MODEL', Object.keys(catalogue.models), catalogue.default),
    llmPrompt: oneOf(
      env,
      'LLM_PROMPT',
      ['chat', 'transcript'] as const,
      str(env, 'LLM_MODEL_PATH') ? 'chat' : (catalogue.models[str(env, 'LLM_MODEL') ?? catalogue.default]?.prompt ?? 'chat'),
    ),
    llmModelPath: path.resolve(str(env, 'LLM_MODEL_PATH') ?? installedModelPath(str(env, 'LLM_MODEL') ?? catalogue.default)),
    llmRuntimeDir: path.resolve(str(env, 'LLM_RUNTIME_DIR') ?? '.tools/llm'),
    llmThreads: (str(env, 'LLM_THREADS') ?? 'auto') === 'auto' ? 'auto' : int(env, 'LLM_THREADS', 1, 1, 64),
    llmNice: int(env, 'LLM_NICE', 10, 0, 19),
    llmCompletionsLog: str(env, 'LLM_COMPLETIONS_LOG') === undefined ? undefined : path.resolve(str(env, 'LLM_COMPLETIONS_LOG')!),
    speechTtsUrl: url(env, 'SPEECH_TTS_URL'),
    speechSttUrl: url(env, 'SPEECH_STT_URL'),
    speechSttModel: oneOf(env, 'SPEECH_STT_MODEL', ['whisper-tiny.en', 'whisper-base'] as const, 'whisper-tiny.en'),
    speechSttMultilingualModel: oneOf(env, 'SPEECH_STT_MULTILINGUAL_MODEL', ['whisper-base', 'none'] as const, 'whisper-base'),
    speechPython: str(env, 'SPEECH_PYTHON') ?? path.resolve('.tools/speech-venv/bin/python'),
    speechModelsDir: path.resolve(str(env, 'SPEECH_MODELS_DIR') ?? '.tools/speech-models'),
    speechTimeoutMs: int(env, 'SPEECH_TIMEOUT_MS', 60_000, 500, 600_000),
    speechMaxResponseBytes: int(env, 'SPEECH_MAX_RESPONSE_BYTES', 256 * 1024 * 1024, 1024 * 1024, 2 * 1024 * 1024 * 1024),
    speechRetryAfterS: int(env, 'SPEECH_RETRY_AFTER_S', 5, 1, 3600),
    speechMaxTextChars: int(env, 'SPEECH_MAX_TEXT_CHARS', 5000, 1, 100_000),
    speechMaxAudioBytes: int(env, 'SPEECH_MAX_AUDIO_BYTES', 25 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    speechMaxAudioS: int(env, 'SPEECH_MAX_AUDIO_S', 600, 1, 4 * 3600),
    ffmpegPath: str(env, 'FFMPEG_PATH') ?? 'ffmpeg',
    voiceSampleMaxBytes: int(env, 'VOICE_SAMPLE_MAX_BYTES', 20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    voiceSampleMaxS: int(env, 'VOICE_SAMPLE_MAX_S', 120, 5, 3600),
    voiceSampleFetchTimeoutMs: int(env, 'VOICE_SAMPLE_FETCH_TIMEOUT_MS', 30_000, 500, 600_000),
    voiceMinSpeechS: int(env, 'VOICE_MIN_SPEECH_S', 5, 1, 600),
    voiceRefineRounds: int(env, 'VOICE_REFINE_ROUNDS', 2, 0, 100),
    voiceRefineIterations: int(env, 'VOICE_REFINE_ITERATIONS', 8, 1, 200),
    mediasoupWorkerBin: str(env, 'MEDIASOUP_WORKER_BIN'),
    mediaWorkers: int(env, 'MEDIA_WORKERS', 0, 0, 256),
    realtimeSessionsPerNode: int(env, 'REALTIME_SESSIONS_PER_NODE', 20, 1, 10_000),
    rtcListenIp: str(env, 'RTC_LISTEN_IP') ?? '127.0.0.1',
    rtcAnnouncedAddress: str(env, 'RTC_ANNOUNCED_ADDRESS'),
    rtcMinPort: int(env, 'RTC_MIN_PORT', 40000, 1024, 65535),
    rtcMaxPort: int(env, 'RTC_MAX_PORT', 49999, 1024, 65535),
    turn: oneOf(env, 'TURN', ['embedded', 'external', 'off'] as const, str(env, 'TURN_URLS') ? 'external' : 'embedded'),
    turnUrls: Object.freeze(turnUrls(env)),
    turnSecret: str(env, 'TURN_SECRET'),
    turnCredentialTtlS: int(env, 'TURN_CREDENTIAL_TTL_S', 3600, 60, 86_400),
    turnTlsPort: env.TURN_TLS_PORT?.trim() ? int(env, 'TURN_TLS_PORT', 0, 1, 65535) : undefined,
    turnMinPort: int(env, 'TURN_MIN_PORT', 50000, 1024, 65535),
    turnMaxPort: int(env, 'TURN_MAX_PORT', 50999, 1024, 65535),
    mediaDefaultFps: int(env, 'MEDIA_DEFAULT_FPS', 12, 1, 30),
    mediaVideoWidth: evenInt(env, 'MEDIA_VIDEO_WIDTH', 512, 64, 1920),
    mediaVideoHeight: evenInt(env, 'MEDIA_VIDEO_HEIGHT', 512, 64, 1080),
    mediaVideoKbps: int(env, 'MEDIA_VIDEO_KBPS', 500, 50, 10_000),
    mediaPerformer: oneOf(env, 'MEDIA_PERFORMER', ['face', 'test-pattern'] as const, 'face'),
    voiceEndOfTurnMs: int(env, 'VOICE_END_OF_TURN_MS', 500, 100, 5_000),
    voiceTurnModel: bool(env, 'VOICE_TURN_MODEL', false),
    voiceTurnCheckMs: int(env, 'VOICE_TURN_CHECK_MS', 200, 64, 2_000),
    voiceTurnWaitMs: int(env, 'VOICE_TURN_WAIT_MS', 500, 200, 5_000),
    voiceTurnCompletePercent: int(env, 'VOICE_TURN_COMPLETE_PERCENT', 50, 1, 99),
    voiceInterimMs: int(env, 'VOICE_INTERIM_MS', 1000, 0, 10_000),
    voiceBargeInMs: int(env, 'VOICE_BARGE_IN_MS', 160, 96, 2_000),
  };
  if (config.rtcMinPort > config.rtcMaxPort)
    throw new ConfigError('RTC_MIN_PORT', `must not be above RTC_MAX_PORT (${config.rtcMaxPort}), got ${config.rtcMinPort}`);
  checkTurn(config);
  if (config.replyEngine === 'openai' && !config.replyEngineUrl)
    throw new ConfigError('REPLY_ENGINE_URL', 'is required when REPLY_ENGINE=openai');
  return Object.freeze(config);
}
