import type { MiddlewareHandler } from 'hono';

/**
 * The headers every HTML face sends (the dashboard, the queue dashboard): its Content-Security-Policy, never
 * framed, no MIME sniffing, no referrer to other sites. Set after the handler, so refusals carry them too (a
 * framed 401 is still a frame). `isolate` adds Cross-Origin-Opener-Policy, `noStore` a `Cache-Control:
 * no-store` where the answer set none (pages that show keys and logs).
 */
export function securityHeaders(opts: { csp: readonly string[]; isolate?: boolean; noStore?: boolean }): MiddlewareHandler {
  const csp = opts.csp.join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    if (opts.isolate) c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (opts.noStore && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
}
