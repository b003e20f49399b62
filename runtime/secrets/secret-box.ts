/**
 * Encryption at rest for secrets that must be read back (webhook signing secrets): AES-256-GCM
 * with a random 96-bit nonce per value. Stored form: `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** From COMPANION_SECRET_KEY, else from `<dataDir>/secret.key`, generated on first use. */
  static load(configured: string | undefined, dataDir: string): SecretBox {
    if (configured) {
      const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
      if (key.length !== 32) throw new Error('COMPANION_SECRET_KEY must be 32 bytes, as 64 hex characters or base64');
      return new SecretBox(key);
    }
    const file = path.join(dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
      }
    }
    return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
