import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { Job } from 'bullmq';
import { activeTraceCarrier, contextOfCarrier, type TraceCarrier } from './carrier';
import { tracingOn } from './switch';
import { kilnTracer } from './tracer';

const MESSAGING = { 'messaging.system': 'bullmq' } as const;

function failed(span: Span, err: unknown): void {
  span.recordException(err as Error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
}

/**
 * PRODUCER spans around adding jobs of one name: one for the jobs that continue the active trace, and
 * one for each other trace a job was given (`parents[i]`: the relay queues each outbox event's delivery
 * under the trace that recorded the event). `add` gets, per job, the carrier to store in its options
 * (`opts.telemetry.metadata`, BullMQ's own field for it): the job's consumer span becomes the producer
 * span's child. Tracing off: `add` gets no carriers and nothing else happens.
 */
export async function withEnqueueSpans<T>(
  jobName: string,
  queue: string,
  parents: (TraceCarrier | null | undefined)[],
  add: (carriers: (TraceCarrier | undefined)[]) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return add(parents.map(() => undefined));
  const byParent = new Map<string, number[]>();
  parents.forEach((p, i) => {
    const key = p ?? '';
    const list = byParent.get(key);
    if (list) list.push(i);
    else byParent.set(key, [i]);
  });
  const carriers: (TraceCarrier | undefined)[] = [];
  const spans: Span[] = [];
  for (const [parent, indexes] of byParent) {
    const parentCtx = parent ? contextOfCarrier(parent) : context.active();
    const attributes: Attributes = { ...MESSAGING, 'messaging.operation.type': 'send', 'messaging.destination.name': queue, 'kiln.job.name': jobName };
    if (indexes.length > 1) attributes['messaging.batch.message_count'] = indexes.length;
    const span = kilnTracer().startSpan(`send ${jobName}`, { kind: SpanKind.PRODUCER, attributes }, parentCtx);
    spans.push(span);
    const carrier = activeTraceCarrier(trace.setSpan(parentCtx, span)) ?? undefined;
    for (const i of indexes) carriers[i] = carrier;
  }
  try {
    return await add(carriers);
  } catch (err) {
    for (const span of spans) failed(span, err);
    throw err;
  } finally {
    for (const span of spans) span.end();
  }
}

/**
 * The CONSUMER span of one job attempt, a child of the span that queued it (a job queued by a schedule
 * or by a process that did not trace starts a trace of its own). The processor runs inside it, so what
 * it logs, queues and records belongs to the same trace.
 */
export async function withJobSpan<T>(job: Job, run: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return run();
  const parent = contextOfCarrier(job.opts.telemetry?.metadata);
  const span = kilnTracer().startSpan(
    `process ${job.name}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...MESSAGING,
        'messaging.operation.type': 'process',
        'messaging.destination.name': job.queueName,
        'messaging.message.id': job.id,
        'kiln.job.name': job.name,
        'kiln.job.attempt': job.attemptsMade + 1,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), run);
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** Adds attributes to the active span (a delivery's id and outcome); nothing when tracing is off. */
export function annotateActiveSpan(attributes: Attributes): void {
  if (!tracingOn()) return;
  trace.getActiveSpan()?.setAttributes(attributes);
}
