import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout; one line per event, fields instead of prose. */
export function createLogger(opts: { level: string; role: string }): Logger {
  return pino({
    level: opts.level,
    base: { role: opts.role, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
