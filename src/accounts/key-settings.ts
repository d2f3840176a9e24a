import { isScope, type Scope, SCOPES } from '../db/queries/accounts';

/**
 * The rules for a new key's scopes, expiry and own limit, shared by the CLI and the dashboard so both
 * accept and refuse the same things, with the same words.
 */

/** The most a key's own per-minute limit may be; above any plan's, so it never caps by accident. */
export const KEY_RATE_LIMIT_MAX = 1_000_000;

/** `text,webhooks` → the scopes, in SCOPES order; an error message for an unknown or empty list. */
export function parseScopes(list: readonly string[]): { ok: true; scopes: Scope[] } | { ok: false; message: string } {
  const wanted = list.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((s) => !isScope(s));
  if (unknown.length > 0) return { ok: false, message: `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}; scopes are ${SCOPES.join(', ')}.` };
  if (wanted.length === 0) return { ok: false, message: `Choose at least one scope (${SCOPES.join(', ')}).` };
  return { ok: true, scopes: SCOPES.filter((f) => wanted.includes(f)) };
}

/** `30d`, `12h`, `45m` → milliseconds, or null when it is not such a duration (or is zero). */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})\s*([dhm])$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2]!.toLowerCase() as 'd' | 'h' | 'm'];
  return n > 0 ? n * unit : null;
}

/** A whole number of requests per minute, at least 1; null when the text is not one. */
export function parseKeyRateLimit(text: string): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= KEY_RATE_LIMIT_MAX ? n : null;
}

/** What lists show for a key's scopes: "all" for a key of every product. */
export function describeScopes(scopes: readonly string[] | null): string {
  return scopes === null ? 'all' : scopes.join(', ');
}

export function isExpired(expiresAt: Date | null, now = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
