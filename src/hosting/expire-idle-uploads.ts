import { deleteEndedManifests, expireIdleUploads } from '../db/queries/deployment-uploads';
import { appendDeploymentLog } from '../db/queries/deployments';
import type { JobRun } from '../queue/job-run';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { UPLOAD_IDLE_MS } from './digest-deploy';
import { deploymentView } from './views';

/** How long a failed deploy's manifest is kept: what it uploaded counts as held for the account's next deploy. */
export const ENDED_MANIFEST_KEPT_MS = 24 * 3_600_000;

/**
 * `deployments.expire-uploads`: fails deploys by digests left `uploading` with no upload for an hour (the
 * client gave up), saying so in their log and with a `deployment.failed` event, and deletes the manifests
 * of deploys that ended a day ago. Their uploaded contents stay stored: content-addressed blobs may be
 * another deployment's, and are never deleted.
 */
export async function expireIdleDigestUploads(ctx: JobRun, _payload?: unknown, now = Date.now()): Promise<{ expired: number; deleted: number }> {
  const { rt } = ctx;
  const message = `No file was uploaded for ${UPLOAD_IDLE_MS / 60_000} minutes while contents were still missing; deploy again.`;
  const expired = await rt.db.transaction(async (tx) => {
    const rows = await expireIdleUploads(tx, new Date(now - UPLOAD_IDLE_MS), message);
    for (const row of rows) {
      await appendDeploymentLog(tx, row.id, message, 'error');
      await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.failed', data: deploymentView(row, rt.config) });
    }
    return rows;
  });
  for (const accountId of new Set(expired.map((r) => r.accountId))) await announceWebhookEvents(rt, ctx.log, accountId);
  const deleted = await deleteEndedManifests(rt.db, new Date(now - ENDED_MANIFEST_KEPT_MS));
  if (expired.length > 0 || deleted > 0) ctx.log.info({ expired: expired.length, deleted }, 'idle deploys by digests expired');
  return { expired: expired.length, deleted };
}
