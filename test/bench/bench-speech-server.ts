/**
 * A speech model server for a benchmark (synthesis or transcription, asked directly), started as the
 * embedded stack starts one (speechServer, ManagedProcess: ready once its health answers, its log in
 * `<dataDir>/logs/speech-<kind>.log`, stopped with its process group), on a port base of the
 * benchmark's own, from this checkout's speech venv and models.
 */
import path from 'node:path';
import { pino } from 'pino';
import { projectRoot } from '../../runtime/paths.js';
import { ManagedProcess } from '../../runtime/stack/managed-process.js';
import { speechServer } from '../../runtime/stack/speech-servers.js';

export interface BenchSpeechServerOptions {
  kind: 'tts' | 'stt';
  /** The port base; the server listens on the stack's speech port above it (SPEECH_PORT_OFFSETS[kind]). */
  portBase: number;
  /** The transcriber's Whisper model (SPEECH_STT_MODEL; default whisper-tiny.en). */
  sttModel?: 'whisper-tiny.en' | 'whisper-base';
  /** More of the server's environment (SPEECH_STT_THREADS, SPEECH_TTS_ENGINES, SPEECH_KOKORO_LEAD_FRAMES…). */
  env?: Record<string, string>;
  /** Where the server's scripts are, when not this checkout's media/speech/model-server (another commit's copy). */
  serverDir?: string;
}

export interface BenchSpeechServer {
  url: string;
  /** The server's pid, for its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startBenchSpeechServer(options: BenchSpeechServerOptions): Promise<BenchSpeechServer> {
  const { url, spec, prepare } = speechServer(
    options.kind,
    options.portBase,
    path.join(projectRoot, '.tools/speech-venv/bin/python'),
    path.join(projectRoot, '.tools/speech-models'),
    options.sttModel,
  );
  await prepare?.();
  const args = options.serverDir ? [path.join(options.serverDir, `${options.kind}_server.py`)] : spec.args;
  const managed = new ManagedProcess(
    { ...spec, args, env: { ...spec.env, ...options.env } },
    path.join(projectRoot, `.data/bench-speech-servers/${options.portBase}-${options.kind}`),
    pino({ level: 'silent' }),
  );
  await managed.start();
  return { url, pid: managed.pid, stop: () => managed.stop() };
}
