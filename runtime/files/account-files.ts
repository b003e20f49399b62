/**
 * Where an account's files live: `<dataDir>/files/<userId>/` (voice samples, generated audio).
 * Every feature that writes a file for an account writes it under this directory, so that
 * erasure can find and unlink all of them.
 */
import fs from 'node:fs';
import path from 'node:path';

export function accountFilesDir(dataDir: string, userId: string): string {
  if (!/^usr_[0-9A-Za-z]+$/.test(userId)) throw new Error(`not a user id: ${userId}`);
  return path.join(dataDir, 'files', userId);
}

export interface FileEntry {
  path: string;
  bytes: number;
}

export function listAccountFiles(dataDir: string, userId: string): FileEntry[] {
  const root = accountFilesDir(dataDir, userId);
  const out: FileEntry[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push({ path: full, bytes: fs.statSync(full).size });
    }
  };
  walk(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
