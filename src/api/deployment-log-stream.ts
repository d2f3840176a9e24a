import type { Context, Env } from 'hono';
import { streamSSE } from 'hono/streaming';
import { deploymentLogLines, findAccountDeployment, type DeploymentRow } from '../db/queries/deployments';
import { isFinalStatus } from '../hosting/deployment-log-events';
import { deploymentView } from '../hosting/views';
import type { Runtime } from '../runtime';
import { HEARTBEAT_MS } from './job-event-stream';

type Deps = Pick<Runtime, 'db' | 'config' | 'deploymentLogEvents' | 'log'>;

/** How often the rows are read besides the announcements (those can be lost). */
const ROW_CHECK_MS = 15_000;
/** A stream is answered for at most this long; the client reconnects with `Last-Event-ID`. */
const MAX_STREAM_MS = 3_600_000;
/** Lines sent per read: a long log goes out in pieces rather than as one large query. */
const PAGE = 500;

/** `Last-Event-ID` (a log line id) as the line to resume after; 0 (from the start) when absent or unreadable. */
export function logResumePoint(header: string | undefined): number {
  const v = header?.trim();
  return v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : 0;
}

/** `Accept: text/event-stream` or `?follow=true`: the caller wants the live log rather than the JSON one. */
export function wantsLiveLog(c: Context): boolean {
  return c.req.query('follow') === 'true' || /\btext\/event-stream\b/i.test(c.req.header('Accept') ?? '');
}

interface Step {
  row: DeploymentRow | null;
  lines: Awaited<ReturnType<typeof deploymentLogLines>>;
}

/**
 * Answers `text/event-stream` with a deployment's build log: a `line` event per log line (id: the line's
 * id), the stored ones first, then each as the build writes it, and once the deployment's status is final
 * a `done` event with the deployment (as GET /v1/hosting/deployments/{id} answers it), and the stream closes.
 * The build announces its lines over pub/sub (announceDeploymentLog), so any web process hears them; the
 * reader then reads the rows after its last id, and re-reads on a slow timer in case an announcement is lost.
 * The caller has checked that the deployment belongs to `accountId`.
 */
export function streamDeploymentLog<E extends Env>(c: Context<E>, deps: Deps, accountId: string, deploymentId: string, afterId: number): Response {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const stop = new AbortController();
    stream.onAbort(() => stop.abort());
    const heartbeat = setInterval(() => void stream.write(': ping\n\n').catch(() => stop.abort()), HEARTBEAT_MS);
    const deadline = Date.now() + MAX_STREAM_MS;
    let after = afterId;
    // The status first, then the lines: every line written before the status turned final is in the read.
    const read = async (): Promise<Step | null> => {
      const row = await findAccountDeployment(deps.db, accountId, deploymentId);
      const lines = await deploymentLogLines(deps.db, deploymentId, after, PAGE);
      return lines.length > 0 || !row || isFinalStatus(row.status) ? { row, lines } : null;
    };
    try {
      for (;;) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) break; // The client reconnects with Last-Event-ID.
        const step = await deps.deploymentLogEvents.waitFor(deploymentId, remaining, read, ROW_CHECK_MS, stop.signal);
        if (!step || stop.signal.aborted) break; // Gone, timed out, or the process is shutting down.
        for (const l of step.lines) {
          await stream.writeSSE({ event: 'line', id: String(l.id), data: JSON.stringify({ at: l.at.toISOString(), level: l.level, message: l.message }) });
          after = l.id;
        }
        if (step.lines.length === PAGE) continue; // More stored lines to read before the end.
        if (!step.row) break; // Deleted with its site: nothing more will come.
        if (isFinalStatus(step.row.status)) {
          await stream.writeSSE({ event: 'done', data: JSON.stringify(deploymentView(step.row, deps.config)) });
          break;
        }
      }
    } catch (err) {
      deps.log.warn({ err: { message: (err as Error).message }, deployment: deploymentId }, 'deployment log stream ended by an error');
    } finally {
      clearInterval(heartbeat);
    }
  });
}
