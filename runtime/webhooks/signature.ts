/**
 * Webhook signatures (spec: Signature). The header is
 *   X-Service-Signature-V2: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * `verifyWebhookSignature` is the receiver-side helper, exported as `companion/webhooks`: it
 * parses the header, rejects a timestamp 300 s or more away from now, and compares digests in
 * constant time. Pass the raw body exactly as received, before any JSON parsing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature-V2';
export const REPLAY_WINDOW_S = 300;

export function signWebhookPayload(secret: string, rawBody: string, timestampS: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampS}.${rawBody}`).digest('hex');
  return `t=${timestampS},v1=${digest}`;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: string };

export function verifyWebhookSignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | undefined,
  nowS: number = Math.floor(Date.now() / 1000),
): VerifyResult {
  if (!header) return { ok: false, reason: 'missing signature header' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return { ok: false, reason: 'malformed signature header' };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = /^\d+$/.test(value) ? Number(value) : NaN;
    else if (key === 'v1') candidates.push(value);
  }
  if (timestamp === undefined || Number.isNaN(timestamp)) return { ok: false, reason: 'missing or invalid timestamp' };
  if (Math.abs(nowS - timestamp) >= REPLAY_WINDOW_S) return { ok: false, reason: 'timestamp outside the 300 s tolerance' };
  if (candidates.length === 0) return { ok: false, reason: 'no v1 signature' };
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  for (const candidate of candidates) {
    if (!/^[0-9a-f]{64}$/.test(candidate)) continue;
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) return { ok: true, timestamp };
  }
  return { ok: false, reason: 'signature mismatch' };
}
