import type postgres from 'postgres';
import { insertDeployments, type DeploymentRow, type NewDeployment } from '../db/queries/deployments';
import { Batcher } from '../lib/batcher';
import type { Queues } from '../queue/queues';

/**
 * Flushes in flight at once. Each waits on a commit and then on Redis; with one at a time the process sat
 * idle for most of each round trip. A few leave most of the database pool to the other routes.
 */
const FLUSHES_IN_FLIGHT = 4;

/**
 * Records new deployments and queues their builds. Concurrent requests share one multi-row INSERT (one
 * commit) and one bulk enqueue, so a burst of deploys is not limited by one commit per request. Each
 * caller still answers only after its own row is committed.
 */
export class DeploymentIntake {
  private readonly batcher: Batcher<NewDeployment, DeploymentRow>;

  constructor(sql: postgres.Sql, queues: Queues) {
    this.batcher = new Batcher(
      async (rows) => {
        const inserted = await insertDeployments(sql, rows);
        // After the commit; a lost enqueue is picked up by the stale-job sweeper.
        await queues
          .enqueueBulk(
            'deployment.build',
            inserted.map((d) => ({ payload: { id: d.id }, opts: { jobId: d.id } })),
          )
          .catch(() => {});
        return inserted;
      },
      500,
      FLUSHES_IN_FLIGHT,
    );
  }

  create(row: NewDeployment): Promise<DeploymentRow> {
    return this.batcher.add(row);
  }
}
