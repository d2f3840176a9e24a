import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type TextMapGetter } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_USER_AGENT_ORIGINAL } from '@opentelemetry/semantic-conventions';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { kilnTracer } from './tracer';

/** Reads the propagation headers (traceparent, tracestate) straight from the request, one by one. */
const requestHeaders: TextMapGetter<HonoContext> = {
  get: (c, key) => c.req.header(key),
  keys: () => [],
};

/**
 * A SERVER span per API request, named by the route template that answered (`GET /v1/jobs/:id`, never
 * the raw path), continuing the caller's trace when it sends a valid `traceparent`. Everything the
 * request does (its log lines, the jobs it queues, the webhook events it records) happens inside it.
 * A streamed answer (server-sent events) ends the span when its stream starts, not when it ends.
 */
export function traceHttpRequests(opts: { untraced?: string[] } = {}): MiddlewareHandler {
  const untraced = new Set(opts.untraced);
  return async (c, next) => {
    // Probes (a load balancer's every few seconds) would each be a trace of their own, and tell nothing.
    if (untraced.has(c.req.path)) return next();
    const method = c.req.method;
    const parent = propagation.extract(ROOT_CONTEXT, c, requestHeaders);
    const span = kilnTracer().startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        // No url.path: a path can be a credential (a deploy hook's URL holds its secret); the route
        // template names the endpoint without the ids.
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_USER_AGENT_ORIGINAL]: c.req.header('user-agent') },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      // The last matched entry is the handler that answered; a middleware path (ending in *) means none did.
      const route = routePath(c, -1);
      if (route && !route.endsWith('*')) {
        span.updateName(`${method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      const status = c.res.status;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      // A server span is an error only when the server failed (a 4xx is the caller's).
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
