import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { httpDuration, httpRequests } from './registry';

/**
 * Counts and times every API request by the route template that answered it (`/v1/jobs/:id`, never the
 * raw path, which would make a series per id). A request no route matched is labelled `unmatched`.
 */
export function recordHttpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // The last matched entry is the handler that answered; a middleware path (ending in *) means none did.
      const path = routePath(c, -1);
      const route = !path || path.endsWith('*') ? 'unmatched' : path;
      const labels = { route, method: c.req.method, status: String(c.res.status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
