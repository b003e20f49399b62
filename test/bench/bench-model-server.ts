/**
 * A reply model server for a benchmark, started as the embedded stack starts one (llmServer,
 * ManagedProcess: ready once its health answers, its log in `<dataDir>/logs/llm.log`, stopped with
 * its process group), on a port base of the benchmark's own. `args` are more of llm-server's options
 * (`--seed`, `--sequences`, `--draft-model`…).
 */
import path from 'node:path';
import { pino } from 'pino';
import { projectRoot } from '../../runtime/paths.js';
import { llmServer } from '../../runtime/stack/embedded-servers.js';
import { ManagedProcess } from '../../runtime/stack/managed-process.js';

export interface BenchModelServerOptions {
  /** The model file (gguf). */
  model: string;
  /** The port base; the server listens on the stack's llm port above it (STACK_PORT_OFFSETS.llm). */
  portBase: number;
  prompt?: 'chat' | 'transcript';
  /** A number of threads or `auto`, as a benchmark's `--threads` gives it (default `auto`). */
  threads?: number | string;
  completionsLog?: string;
  args?: readonly string[];
}

export interface BenchModelServer {
  url: string;
  /** The server's pid, for its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startBenchModelServer(options: BenchModelServerOptions): Promise<BenchModelServer> {
  const { url, spec } = llmServer(
    options.portBase,
    options.model,
    path.join(projectRoot, '.tools/llm'),
    path.join(projectRoot, 'dist/runtime/llm/llm-server.js'),
    options.prompt ?? 'chat',
    options.threads === undefined || options.threads === 'auto' ? 'auto' : Number(options.threads),
    options.completionsLog,
  );
  const managed = new ManagedProcess(
    { ...spec, args: [...spec.args, ...(options.args ?? [])] },
    path.join(projectRoot, `.data/bench-model-servers/${options.portBase}`),
    pino({ level: 'silent' }),
  );
  await managed.start();
  return { url, pid: managed.pid, stop: () => managed.stop() };
}
