import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), symmetric scheme: the secret is
 * `whsec_` + base64 of the key; a signature is `v1,` + base64 of HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}`. Pure: no I/O, no clock unless one is passed.
 */

const SECRET_PREFIX = 'whsec_';
/** How far a `webhook-timestamp` may be from now before verification refuses it (replay protection). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/** A new signing secret: 32 random bytes, as receivers' libraries expect it (`whsec_` + base64). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key bytes of a secret; the `whsec_` prefix is optional, as in the reference libraries. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook secret is empty');
  return key;
}

/** `v1,<base64>` for one message; `timestamp` is in unix seconds. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery attempt. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}

export type VerifyFailure = 'missing_headers' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(readonly reason: VerifyFailure) {
    super(`webhook verification failed: ${reason.replaceAll('_', ' ')}`);
  }
}

/**
 * Checks a received message the way a receiver should: the timestamp within the tolerance of `nowSeconds`,
 * then any one of the space-separated `v1,…` signatures matching (several appear while a secret rotates),
 * compared in constant time. Throws WebhookVerificationError; returns nothing on success.
 */
export function verifyWebhook(
  secret: string,
  headers: { 'webhook-id'?: string; 'webhook-timestamp'?: string; 'webhook-signature'?: string },
  body: string,
  opts: { nowSeconds?: number; toleranceSeconds?: number } = {},
): void {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !ts || !signatures) throw new WebhookVerificationError('missing_headers');
  if (!/^\d{1,12}$/.test(ts)) throw new WebhookVerificationError('invalid_timestamp');
  const timestamp = Number(ts);
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance) throw new WebhookVerificationError('timestamp_too_old');
  if (timestamp - now > tolerance) throw new WebhookVerificationError('timestamp_too_new');
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice(3));
  for (const candidate of signatures.split(' ')) {
    const [version, sig] = candidate.split(',', 2);
    if (version !== 'v1' || sig === undefined) continue;
    const given = Buffer.from(sig);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new WebhookVerificationError('no_matching_signature');
}
