import type { Db } from '../db/client';
import { insertDeployments, type DeploymentRow, type NewDeployment } from '../db/queries/deployments';
import { Batcher } from '../lib/batcher';
import type { Queues } from '../queue/queues';

/**
 * Records new deployments and queues their builds. Concurrent requests share one multi-row INSERT (one
 * commit) and one bulk enqueue, so a burst of deploys is not limited by one commit per request. Each
 * caller still answers only after its own row is committed.
 */
export class DeploymentIntake {
  private readonly batcher: Batcher<NewDeployment, DeploymentRow>;

  constructor(db: Db, queues: Queues) {
    this.batcher = new Batcher(async (rows) => {
      const inserted = await insertDeployments(db, rows);
      // After the commit; a lost enqueue is picked up by the stale-job sweeper.
      await queues
        .enqueueBulk(
          'deployment.build',
          inserted.map((d) => ({ payload: { id: d.id }, opts: { jobId: d.id } })),
        )
        .catch(() => {});
      return inserted;
    });
  }

  create(row: NewDeployment): Promise<DeploymentRow> {
    return this.batcher.add(row);
  }
}
