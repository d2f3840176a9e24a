import { type Attributes, context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import { tracingOn } from './switch';
import { kilnTracer } from './tracer';

/**
 * A CLIENT span around one outgoing POST (a webhook delivery, a call to a provider), whose `traceparent`
 * header it adds so a receiver that traces can join the trace. Only the scheme, host and port of the URL
 * are recorded: a webhook URL's path and query often hold the receiver's secret. `send` reports the
 * answer's status through `answered`; a non-2xx answer or a throw marks the span failed. Tracing off:
 * `send` gets the headers as they are.
 */
export async function withPostSpan<T>(
  target: string,
  headers: Record<string, string>,
  send: (headers: Record<string, string>, answered: (status: number) => void) => Promise<T>,
  attributes: Attributes = {},
): Promise<T> {
  if (!tracingOn()) return send(headers, () => {});
  const url = new URL(target);
  const span = kilnTracer().startSpan('POST', {
    kind: SpanKind.CLIENT,
    attributes: {
      ...attributes,
      [ATTR_HTTP_REQUEST_METHOD]: 'POST',
      [ATTR_URL_SCHEME]: url.protocol.slice(0, -1),
      [ATTR_SERVER_ADDRESS]: url.hostname,
      [ATTR_SERVER_PORT]: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    },
  });
  const ctx = trace.setSpan(context.active(), span);
  const fields: Record<string, string> = {};
  propagation.inject(ctx, fields);
  const answered = (status: number) => {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    if (status < 200 || status > 299) span.setStatus({ code: SpanStatusCode.ERROR });
  };
  try {
    return await context.with(ctx, () => send(fields.traceparent ? { ...headers, traceparent: fields.traceparent } : headers, answered));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}
