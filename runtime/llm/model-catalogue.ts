/**
 * The local reply models (runtime/llm/models.json, shared with scripts/setup-llm.sh): where set-up
 * puts each one and how it is prompted. LLM_MODEL picks one by id; LLM_MODEL_PATH overrides the
 * file for a model of one's own (prompted with its chat template).
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../paths.js';

export interface CatalogueModel {
  file: string;
  packages: string[];
  sha256: string;
  bytes: number;
  expect: Record<string, string>;
  /** The file set-up encodes from it for speed (scripts/encode_model.py), which is the one loaded. */
  encoded?: { file: string; sha256: string };
  prompt: 'chat' | 'transcript';
  upstream: string;
  licence: string;
  installedBy?: string;
}

interface Catalogue {
  default: string;
  models: Record<string, CatalogueModel>;
}

export const catalogue = JSON.parse(fs.readFileSync(path.join(projectRoot, 'runtime/llm/models.json'), 'utf8')) as Catalogue;

/**
 * Where scripts/setup-llm.sh installs a model: a directory per content hash, so versions never mix.
 * The encoded file where the catalogue has one and set-up made it (the same weights, multiplied
 * faster), else the file as assembled.
 */
export function installedModelPath(id: string, toolsDir = path.join(projectRoot, '.tools')): string {
  const m = catalogue.models[id];
  if (!m) throw new Error(`unknown model ${id}`);
  if (m.installedBy) return path.join(toolsDir, 'models', m.file);
  const encoded = m.encoded && path.join(toolsDir, 'models', id, m.sha256.slice(0, 12), m.encoded.file);
  return encoded && fs.existsSync(encoded) ? encoded : assembledModelPath(id, toolsDir);
}

/** The file as assembled from its packages, before any encoding (the replies benchmark's `ID+source`). */
export function assembledModelPath(id: string, toolsDir = path.join(projectRoot, '.tools')): string {
  const m = catalogue.models[id];
  if (!m) throw new Error(`unknown model ${id}`);
  if (m.installedBy) return path.join(toolsDir, 'models', m.file);
  return path.join(toolsDir, 'models', id, m.sha256.slice(0, 12), m.file);
}
