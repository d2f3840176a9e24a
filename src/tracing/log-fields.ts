import { trace } from '@opentelemetry/api';

/**
 * The pino mixin of a process that traces: `trace_id` and `span_id` on every line written while a span
 * is active, so a log line leads to its trace and back. Installed only when tracing is on (a mixin costs
 * every line a merge), so it returns a fresh object: pino merges the line's fields into it.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
