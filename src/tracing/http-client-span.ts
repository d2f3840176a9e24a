import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
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
 * A CLIENT span around one outgoing POST, whose `traceparent` header it adds so a receiver that traces
 * can join the trace. Only the scheme, host and port of the URL are recorded: a webhook URL's path and
 * query often hold the receiver's secret. A non-2xx answer or a throw marks the span failed. Tracing
 * off: `send` gets the headers as they are.
 */
export async function withPostSpan<T extends { status: number }>(
  target: string,
  headers: Record<string, string>,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return send(headers);
  const url = new URL(target);
  const span = kilnTracer().startSpan('POST', {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_HTTP_REQUEST_METHOD]: 'POST',
      [ATTR_URL_SCHEME]: url.protocol.slice(0, -1),
      [ATTR_SERVER_ADDRESS]: url.hostname,
      [ATTR_SERVER_PORT]: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    },
  });
  const ctx = trace.setSpan(context.active(), span);
  const fields: Record<string, string> = {};
  propagation.inject(ctx, fields);
  try {
    const answer = await context.with(ctx, () => send(fields.traceparent ? { ...headers, traceparent: fields.traceparent } : headers));
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.status);
    if (answer.status < 200 || answer.status > 299) span.setStatus({ code: SpanStatusCode.ERROR });
    return answer;
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}
