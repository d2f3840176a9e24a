import type postgres from 'postgres';
import type { AuditEntry } from '../db/queries/audit';
import { insertDeployments, type DeploymentRow, type NewDeployment } from '../db/queries/deployments';
import { Batcher } from '../lib/batcher';
import type { Queues } from '../queue/queues';
import { activeTraceCarrier, type TraceCarrier } from '../tracing/carrier';

/**
 * INSERTs in flight at once. Each waits on a commit; with one at a time the process sat idle for most
 * of each round trip. A few leave most of the database pool to the other routes.
 */
const INSERTS_IN_FLIGHT = 4;
/**
 * Enqueues are off the request's path, so one at a time: the builds of the INSERTs that commit meanwhile
 * wait and go together, and each addBulk's fixed cost (an ioredis pipeline copies every script command
 * onto itself) is shared by more jobs.
 */
const ENQUEUES_IN_FLIGHT = 1;

/**
 * Records new deployments and queues their builds. Concurrent requests share one multi-row INSERT (one
 * commit) and builds are enqueued in bulk, so a burst of deploys is not limited by one commit per request.
 * Each caller answers once its own row is committed. Its build is enqueued just after, off the caller's
 * path: an enqueue that fails (Redis away) never failed the request either, and a row whose job is lost
 * (that, or a process ending in between) is queued again by the stale-job sweeper, as before.
 */
export class DeploymentIntake {
  // Each row keeps its request's trace: a batch is flushed in whichever request's context started it.
  private readonly inserts: Batcher<{ row: NewDeployment & { audit: AuditEntry }; trace: TraceCarrier | null }, DeploymentRow>;
  private readonly enqueues: Batcher<{ id: string; accountId: string; trace: TraceCarrier | null }, undefined>;
  private readonly enqueuing = new Set<Promise<unknown>>();

  constructor(sql: postgres.Sql, queues: Queues) {
    this.enqueues = new Batcher(
      async (builds) => {
        await queues.enqueueBulk(
          'deployment.build',
          builds.map((d) => ({ payload: { id: d.id }, opts: { jobId: d.id, account: d.accountId, trace: d.trace } })),
        );
        return builds.map(() => undefined);
      },
      500,
      ENQUEUES_IN_FLIGHT,
    );
    this.inserts = new Batcher(
      async (items) => {
        const inserted = await insertDeployments(
          sql,
          items.map((i) => i.row),
        );
        // After the commit, so a worker never looks for a row that is not there yet.
        const enqueued = Promise.all(this.enqueues.addAll(inserted.map((d, i) => ({ id: d.id, accountId: d.accountId, trace: items[i]!.trace })))).catch(
          () => {},
        );
        this.enqueuing.add(enqueued);
        void enqueued.finally(() => this.enqueuing.delete(enqueued));
        return inserted;
      },
      500,
      INSERTS_IN_FLIGHT,
    );
  }

  /** `audit` is written by the row's own INSERT statement: the deployment and its audit event commit together. */
  create(row: NewDeployment & { audit: AuditEntry }): Promise<DeploymentRow> {
    return this.inserts.add({ row, trace: activeTraceCarrier() });
  }

  /** Resolves once every build of a deployment created so far was handed to the queue (or failed to be). */
  async settled(): Promise<void> {
    while (this.enqueuing.size > 0) await Promise.all(this.enqueuing);
  }
}
