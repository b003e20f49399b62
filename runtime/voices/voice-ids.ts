/**
 * Ids of cloned voices, their workflows and their files.
 *
 * With an Idempotency-Key the voice id is derived from (account, mode, key), so re-posting the
 * same key names the same voice and the same workflow id: Temporal refuses to start a second
 * workflow with that id, and the insert finds the existing row.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Mode } from '../db/entities/credentials.js';
import { accountFilesDir } from '../files/account-files.js';
import { newId } from '../ids.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function voiceIdFor(userId: string, mode: Mode, idempotencyKey: string | undefined): string {
  if (!idempotencyKey) return newId('vce');
  const digest = createHash('sha256').update(`${userId}\n${mode}\n${idempotencyKey}`).digest();
  let id = '';
  for (let i = 0; id.length < 20; i++) id += BASE62[digest[i % digest.length]! % 62];
  return `vce_${id}`;
}

export function voiceCloneWorkflowId(voiceId: string): string {
  return `voice-clone-${voiceId}`;
}

/** `<dataDir>/files/<userId>/voices/<voiceId>/`: samples, decoded reference, style versions. */
export function voiceFilesDir(dataDir: string, userId: string, voiceId: string): string {
  if (!/^vce_[0-9A-Za-z]+$/.test(voiceId)) throw new Error(`not a voice id: ${voiceId}`);
  return path.join(accountFilesDir(dataDir, userId), 'voices', voiceId);
}

/** The synthesis server's name for one version of a cloned voice (cloned_voices.py). */
export function engineVoiceName(userId: string, voiceId: string, version: number): string {
  return `clone:${userId}/${voiceId}/${version}`;
}

/** What synthesis asks for: the registered name, and British phonemes when the voice is British. */
export function synthesisVoiceName(userId: string, voiceId: string, version: number, lang: string): string {
  return `${engineVoiceName(userId, voiceId, version)}${lang === 'en-gb' ? '@en-gb' : ''}`;
}
