export const FIRST_CHECK_DELAY_MS = 60_000;
export const MAX_CHECK_DELAY_MS = 60 * 60_000;
/** Default for DOMAIN_VERIFY_WINDOW_MS: DNS changes can take up to 48 hours to propagate. */
export const DEFAULT_VERIFY_WINDOW_MS = 48 * 60 * 60_000;
const JITTER = 0.1;

/**
 * Delay before automatic check number `attempt` (0 = the first check after the domain was added).
 * Doubles from a minute; the jitter keeps domains added together (a bulk import) from all hitting the
 * resolvers in the same second. Never above the one-hour cap, jitter included.
 */
export function nextCheckDelayMs(attempt: number, random: () => number = Math.random): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  const base = Math.min(FIRST_CHECK_DELAY_MS * 2 ** n, MAX_CHECK_DELAY_MS);
  const factor = 1 + (clamp01(random()) * 2 - 1) * JITTER;
  return Math.min(Math.round(base * factor), MAX_CHECK_DELAY_MS);
}

/** True once the window since verification (re)started has fully elapsed. */
export function verificationExpired(startedAt: Date, now: Date, windowMs: number): boolean {
  return now.getTime() - startedAt.getTime() >= windowMs;
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(Math.max(x, 0), 1) : 0.5;
}
