/**
 * A webhook signature check written from the spec alone (Signature section), independent of the
 * service's own helper, so the tests check the service against the spec and not against itself.
 */
import crypto from 'node:crypto';

export function specVerify(secret: string, rawBody: string, header: string | undefined, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowS - t) >= 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  if (!/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  return crypto.timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parts.v1!, 'hex'));
}
