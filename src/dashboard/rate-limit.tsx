import type { MiddlewareHandler } from 'hono';
import { findAccountPlan } from '../db/queries/accounts';
import type { Runtime } from '../runtime';
import type { DashEnv } from './context';
import { signedIn } from './guards';
import { refusalPage } from './views/render';

/**
 * Actions that take access away (a key, a member, a deploy hook, a webhook endpoint) and a person's own
 * sign-in settings are never held back: a stolen key flooding the API must not stop its owner revoking it.
 */
const ALWAYS_ALLOWED = [
  /^\/dashboard\/keys\/[^/]+\/revoke$/,
  /^\/dashboard\/members\/[^/]+\/remove$/,
  /^\/dashboard\/sites\/[^/]+\/hooks\/[^/]+\/delete$/,
  /^\/dashboard\/webhooks\/[^/]+\/delete$/,
  /^\/dashboard\/account\//,
];

/**
 * The account's API rate limit applies to what its people do in the dashboard too: every signed-in POST
 * (creating keys, endpoints, domains, uploads…; not those in ALWAYS_ALLOWED) spends one request of the account's per-minute allowance,
 * in the same Redis bucket as its API keys. Reading pages stays free. Past the limit the action is not
 * done and the answer is a 429 page with Retry-After, as the API answers with `rate_limit_exceeded`.
 * Mounted after the CSRF check, so a forged form spends nothing.
 */
export function dashboardRateLimit(rt: Pick<Runtime, 'db' | 'rateLimiter'>): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || ALWAYS_ALLOWED.some((re) => re.test(c.req.path))) return next();
    const session = signedIn(c);
    const plan = await findAccountPlan(rt.db, session.accountId);
    if (!plan) return next();
    const d = await rt.rateLimiter.take(session.accountId, plan.rateLimitPerMinute);
    c.header('RateLimit-Limit', String(d.limit));
    c.header('RateLimit-Remaining', String(d.remaining));
    c.header('RateLimit-Reset', String(d.resetSeconds));
    if (d.allowed) return next();
    c.header('Retry-After', String(d.retryAfterSeconds));
    c.get('log')?.warn({ accountId: session.accountId, path: c.req.path }, 'dashboard action refused: account rate limit');
    return refusalPage(
      c,
      { title: 'Too many requests', section: 'overview' },
      <>
        This account’s limit of {d.limit} requests a minute (its API keys and this dashboard together) is used up, so that was not done. Try again in{' '}
        {d.retryAfterSeconds} {d.retryAfterSeconds === 1 ? 'second' : 'seconds'}.
      </>,
      { href: '/dashboard', label: 'Back to the overview' },
      429,
    );
  };
}
