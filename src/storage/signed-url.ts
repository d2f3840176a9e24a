import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidBlobKey } from './blob-key';

export type CdnPathVerdict = 'ok' | 'expired' | 'bad_signature';

// Unix seconds as decimal; 12 digits covers far beyond year 9999 and keeps
// absurd values from reaching Number parsing.
const EXPIRES_PATTERN = /^[0-9]{1,12}$/;
// 32-byte HMAC-SHA256 in unpadded base64url.
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function requireSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new Error('CDN signing secret must be a non-empty string');
  }
}

function computeSignature(key: string, expires: string, secret: string): Buffer {
  // A newline cannot occur in a key, so `key\nexpires` is unambiguous: no
  // (key, expires) pair can be shifted into another with the same MAC input.
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest();
}

function expiresSeconds(expiresAtMs: number): string {
  if (!Number.isFinite(expiresAtMs) || expiresAtMs < 0) {
    throw new Error(`Invalid expiry: ${expiresAtMs}`);
  }
  // Round down so the link never outlives the requested instant.
  return String(Math.floor(expiresAtMs / 1000));
}

/** Path and query to append to the CDN base, e.g. `/images/a.png?expires=…&sig=…`. */
export function signCdnPath(key: string, expiresAtMs: number, secret: string): string {
  assertValidBlobKey(key);
  requireSecret(secret);
  const expires = expiresSeconds(expiresAtMs);
  const sig = computeSignature(key, expires, secret).toString('base64url');
  // Key characters are all URL-safe, so the key needs no percent-encoding.
  return `/${key}?expires=${expires}&sig=${sig}`;
}

/**
 * The signature is checked before the expiry so that `expired` only ever
 * describes a genuine link; anything forged, truncated or missing is
 * `bad_signature` regardless of its claimed expiry.
 */
export function verifyCdnPath(key: string, expires: string | number | undefined, sig: string | undefined, secret: string, nowMs: number): CdnPathVerdict {
  requireSecret(secret);
  const expiresText = typeof expires === 'number' ? String(expires) : expires;
  if (expiresText === undefined || !EXPIRES_PATTERN.test(expiresText)) return 'bad_signature';
  if (sig === undefined || !SIG_PATTERN.test(sig)) return 'bad_signature';

  // Compare the encoded text rather than decoded bytes: the last base64url
  // character carries two spare bits, so decoding would accept several
  // spellings of one signature and a flipped character could go unnoticed.
  const expected = Buffer.from(computeSignature(key, expiresText, secret).toString('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'bad_signature';
  }
  return nowMs >= Number(expiresText) * 1000 ? 'expired' : 'ok';
}

/** Full signed URL; tolerates a trailing slash on `cdnBase`. */
export function cdnUrl(cdnBase: string, key: string, expiresAtMs: number, secret: string): string {
  return cdnBase.replace(/\/+$/, '') + signCdnPath(key, expiresAtMs, secret);
}
