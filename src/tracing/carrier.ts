import { context, propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { tracingOn } from './switch';

/**
 * A trace context written down so another process can continue it: the W3C `traceparent` (and
 * `tracestate`) as a JSON object, the format BullMQ's `opts.telemetry.metadata` and bullmq-otel use. It
 * travels in a job's options and in a webhook outbox row.
 */
export type TraceCarrier = string;

/** The active span's context as a carrier; null when tracing is off or no span is active. */
export function activeTraceCarrier(ctx: Context = context.active()): TraceCarrier | null {
  if (!tracingOn()) return null;
  const fields: Record<string, string> = {};
  propagation.inject(ctx, fields);
  return fields.traceparent ? JSON.stringify(fields) : null;
}

/** The context a carrier names (the root context for none, or for one that does not parse). */
export function contextOfCarrier(carrier: string | null | undefined): Context {
  if (!carrier) return ROOT_CONTEXT;
  let fields: unknown;
  try {
    fields = JSON.parse(carrier);
  } catch {
    return ROOT_CONTEXT;
  }
  if (typeof fields !== 'object' || fields === null) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, fields as Record<string, unknown>);
}
