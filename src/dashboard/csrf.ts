import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { DashEnv } from './context';
import { formBody } from './form';
import { looksLikeToken, newToken } from './one-time-token';
import { type CookieNames, readCookie, writeCookie } from './session-cookie';

export const CSRF_FIELD = '_csrf';

export class CsrfRefused extends Error {}

/**
 * Two checks on every state-changing request. The browser's own word first: a request another site made
 * (Sec-Fetch-Site: cross-site, or an Origin that is not ours) is refused. Then the synchronizer token:
 * the session's token, or before sign-in a random pre-session cookie, must come back in the form.
 * SameSite=Lax already keeps the session cookie off cross-site posts; these hold without it.
 */
export function csrfProtection(
  publicOrigin: string,
  cookies: CookieNames,
  /** Forms whose body streams to disk (an archive upload): the handler checks the token with assertFormToken once the parts are read. */
  isStreamed: (c: Context<DashEnv>) => boolean = () => false,
): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const session = c.get('session');
    let token = session?.csrfToken;
    if (!token) {
      const existing = readCookie(c, cookies.csrf);
      token = looksLikeToken(existing) ? existing : newToken().token;
      if (token !== existing) writeCookie(c, cookies, cookies.csrf, token);
    }
    c.set('csrfToken', token);

    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') throw new CsrfRefused('sent from another site');
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== publicOrigin && origin !== new URL(c.req.url).origin) throw new CsrfRefused('sent from another origin');
      if (!isStreamed(c)) assertFormToken(c, (await formBody(c))[CSRF_FIELD]);
    }
    await next();
  };
}

/** The token a form sent must be this visitor's; anything else is refused as a forged or stale form. */
export function assertFormToken(c: Context<DashEnv>, sent: unknown): void {
  if (typeof sent !== 'string' || !sameToken(sent, c.get('csrfToken'))) throw new CsrfRefused('missing or stale form token');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
