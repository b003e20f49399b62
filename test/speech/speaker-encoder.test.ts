/**
 * The numpy port of Resemblyzer's speaker encoder (media/speech/model-server/speaker_encoder.py)
 * gives the embeddings of the reference implementation (torch + librosa), computed once into
 * test/fixtures/speaker-encoder-reference.json, so voice similarity scores mean what Resemblyzer's do.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import test from 'ava';
import { loadConfig } from '../../runtime/config.js';

const run = promisify(execFile);

const COMPARE = `
import json, sys, wave
import numpy as np
sys.path.insert(0, "media/speech/model-server")
from speaker_encoder import SpeakerEncoder
enc = SpeakerEncoder(sys.argv[2])
out = []
for item in json.load(open(sys.argv[1]))["items"]:
    with wave.open(item["file"]) as w:
        wav = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float32) / 32768
    e, _ = enc.embed_utterance(wav)
    r = np.array(item["embedding"])
    out.append({"cosine": float(e @ r / np.linalg.norm(r)), "maxAbs": float(np.abs(e - r).max())})
print(json.dumps(out))
`;

test('the numpy speaker encoder matches the reference Resemblyzer embeddings', async (t) => {
  const config = loadConfig({ ...process.env }, []);
  const fixture = path.resolve('test/fixtures/speaker-encoder-reference.json');
  const weights = path.join(config.speechModelsDir, 'speaker-encoder-v1.npz');
  const { stdout } = await run(config.speechPython, ['-c', COMPARE, fixture, weights], { timeout: 120_000 });
  const results = JSON.parse(stdout) as Array<{ cosine: number; maxAbs: number }>;
  t.is(results.length, 3);
  for (const r of results) {
    t.true(r.cosine > 0.99999, `cosine ${r.cosine}`);
    t.true(r.maxAbs < 1e-4, `max abs difference ${r.maxAbs}`);
  }
});
