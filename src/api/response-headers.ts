import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Sets a header every answer of this request carries (X-Request-Id, RateLimit-*), whichever response the
 * handler or error handler builds. On @hono/node-server it goes straight onto the Node response, which
 * merges it into the head it writes (the built response's own headers win on a clash): `c.header` would
 * give every response a WHATWG Headers object, each set validated and the whole sorted and copied back
 * into a plain object when written, a noticeable share of a small request's CPU. Elsewhere (app.request
 * in tests, a forwarded sub-app) it is `c.header`.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing !== undefined && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}
