/**
 * docs/ARCHITECTURE.md against the code: every source folder appears in the tree of its floor (as
 * `name/`), and every source path the document names still exists. A folder added or a file moved
 * without the document fails here, naming what is missing.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../runtime/paths.js';

/** The top-level folders of the service's source, each with its own tree in the document. */
const SOURCE_ROOTS = ['runtime', 'actors', 'media', 'workflows', 'http', 'web'];
/** Folders that hold no source of ours: caches the Python model servers write beside their code. */
const NOT_SOURCE = new Set(['__pycache__', 'node_modules']);

const doc = fs.readFileSync(path.join(projectRoot, 'docs/ARCHITECTURE.md'), 'utf8');

/** Every directory under `root`, relative to the project, parents before children. */
function folders(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || NOT_SOURCE.has(entry.name)) continue;
      const child = `${dir}/${entry.name}`;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** The fenced block whose first line starts with `<root>/`: that floor's tree. */
function treeOf(root: string): string | undefined {
  const blocks = [...doc.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.find((block) => block.trimStart().startsWith(`${root}/`));
}

/** Whether `tree` names `name/` as a word (after a tree glyph, space, bracket or comma). */
function names(tree: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s│├└─(,])${escaped}/`, 'm').test(tree);
}

test('every source folder is in its floor’s tree in docs/ARCHITECTURE.md', (t) => {
  const missing: string[] = [];
  for (const root of SOURCE_ROOTS) {
    const tree = treeOf(root);
    if (!tree) {
      missing.push(`${root}/ (no tree starting with "${root}/")`);
      continue;
    }
    for (const folder of folders(root)) if (!names(tree, path.basename(folder))) missing.push(`${folder}/`);
  }
  t.deepEqual(missing, [], `docs/ARCHITECTURE.md does not mention: ${missing.join(', ')}`);
});

test('every source path docs/ARCHITECTURE.md names exists', (t) => {
  // Paths written out in full, such as `actors/session/end-session.ts` or `media/publishing/`.
  const roots = [...SOURCE_ROOTS, 'scripts', 'test'].join('|');
  const named = new Set([...doc.matchAll(new RegExp(`(?<![\\w/.-])(?:${roots})/[\\w./-]*[\\w/]`, 'g'))].map((m) => m[0]));
  t.true(named.size > 20, `found only ${named.size} paths: the pattern no longer reads the document`);
  const gone = [...named].filter((p) => !fs.existsSync(path.join(projectRoot, p)));
  t.deepEqual(gone, [], `docs/ARCHITECTURE.md names paths that do not exist: ${gone.join(', ')}`);
});
