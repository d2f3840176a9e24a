import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { findAccountPlan } from '../db/queries/accounts';
import type { DashEnv, SignedIn } from './context';
import { notFoundPage } from './views/render';

/** Pages behind sign-in: a visitor without a session is sent to sign in and brought back afterwards. */
export function requireSignIn(): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    if (c.get('session')) return next();
    const here = new URL(c.req.url);
    const back = c.req.method === 'GET' ? `?next=${encodeURIComponent(here.pathname + here.search)}` : '';
    return c.redirect(`/dashboard/sign-in${back}`, 303);
  };
}

/** Owner-only pages look absent to members, as another account's resources do. */
export function requireOwner(): MiddlewareHandler<DashEnv> {
  return async (c, next) => (c.get('session')?.role === 'owner' ? next() : notFoundPage(c));
}

/**
 * Hosting pages (sites, deployments, deploy hooks, domains) answer only when the plan includes hosting, as
 * the API's requireFeature('hosting') does; otherwise `refuse` answers, each section in its own words.
 */
export function requireHosting(db: Db, refuse: (c: Context<DashEnv>) => Response | Promise<Response>): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const plan = await findAccountPlan(db, signedIn(c).accountId);
    return plan?.features.includes('hosting') ? next() : refuse(c);
  };
}

export function signedIn(c: Context<DashEnv>): SignedIn {
  const session = c.get('session');
  if (!session) throw new Error('signedIn() on a page without requireSignIn()');
  return session;
}

/** Only paths inside the dashboard may be a post-sign-in destination: never another site. */
export function safeNext(next: string | undefined): string {
  const inside = next !== undefined && /^\/dashboard(?:[/?]|$)/.test(next) && !/[\\\r\n]/.test(next);
  return inside ? next : '/dashboard';
}
