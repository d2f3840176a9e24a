import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or a one-time link, and the SHA-256 under which it is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 43 base64url characters; anything else is refused before it costs a query. */
export function looksLikeToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
