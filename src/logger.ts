import { pino, type Logger } from 'pino';
import { traceLogFields } from './tracing/log-fields';

export type { Logger };

/**
 * Structured JSON logs on stdout; one line per event, fields instead of prose. With `traceIds` (a process
 * that traces), a line written inside a span carries its `trace_id` and `span_id`.
 */
export function createLogger(opts: { level: string; role: string; traceIds?: boolean }): Logger {
  return pino({
    level: opts.level,
    ...(opts.traceIds ? { mixin: traceLogFields } : {}),
    base: { role: opts.role, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
