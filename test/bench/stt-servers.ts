/**
 * A transcription model server of its own for a benchmark (media/speech/model-server/stt_server.py
 * with the Whisper model asked for), asked directly: the transcription benchmark runs one per model,
 * the clone benchmark one with Whisper base as its intelligibility judge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../runtime/paths.js';

export async function startStt(
  model: string,
  port: number,
  threads: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    path.join(projectRoot, '.tools/speech-venv/bin/python'),
    [path.join(projectRoot, 'media/speech/model-server/stt_server.py')],
    {
      env: {
        ...process.env,
        SPEECH_SERVER_HOST: '127.0.0.1',
        SPEECH_SERVER_PORT: String(port),
        SPEECH_MODELS_DIR: path.join(projectRoot, '.tools/speech-models'),
        SPEECH_STT_MODEL: model,
        SPEECH_STT_THREADS: threads,
        HF_HUB_OFFLINE: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the STT server of ${model} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the STT server of ${model} did not start`);
}

export async function transcribe(url: string, wav: Buffer, language: string): Promise<{ text: string; language: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([wav], { type: 'audio/wav' }), 'clip.wav');
  form.append('language', language);
  form.append('response_format', 'verbose_json');
  const started = performance.now();
  const res = await fetch(`${url}/v1/audio/transcriptions`, { method: 'POST', body: form });
  const body = (await res.json()) as { text: string; language: string; error?: { message: string } };
  if (!res.ok) throw new Error(`transcription answered ${res.status}: ${body.error?.message}`);
  return { text: body.text, language: body.language, ms: performance.now() - started };
}
