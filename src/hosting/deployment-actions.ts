import type { Tx } from '../db/client';
import {
  findAccountDeployment,
  insertPromotedDeployment,
  markPublished,
  markRolledBack,
  setLiveDeployment,
  type DeploymentRow,
} from '../db/queries/deployments';
import type { DeploymentEnvironment } from '../db/schema';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { deploymentView } from '../api/schemas/hosting';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { uploadedArchiveKey } from './blob-keys';
import { tellEdges } from './publishing';

/**
 * What a person can ask of their deployments, whether through POST /v1/hosting/… or the dashboard's
 * buttons: both call these, so a deploy or a rollback means the same thing wherever it was asked for.
 */

/**
 * Records a deployment of `siteId` (creating the site for the account on first use) and queues its
 * build. Without `sourceUrl` the build republishes the site's most recently published files (a
 * redeploy). Null when the site belongs to another account.
 */
export async function requestDeployment(
  rt: Pick<Runtime, 'siteOwners' | 'deploymentIntake'>,
  input: { accountId: string; siteId: string; environment: DeploymentEnvironment; sourceUrl: string | null },
): Promise<DeploymentRow | null> {
  if ((await rt.siteOwners.claim(input.accountId, input.siteId)) === 'taken') return null;
  return rt.deploymentIntake.create({ id: newId('dep'), ...input, archiveKey: null });
}

/**
 * A deployment of an archive uploaded with the request (`archivePath`, a received temporary file the
 * caller still owns). The archive is stored before the row is written, so a deployment never exists
 * without its archive; if the row cannot be written the stored copy is removed. Null when the site
 * belongs to another account (nothing stored).
 */
export async function requestUploadDeployment(
  rt: Pick<Runtime, 'siteOwners' | 'deploymentIntake' | 'store'>,
  input: { accountId: string; siteId: string; environment: DeploymentEnvironment; archivePath: string },
): Promise<DeploymentRow | null> {
  if ((await rt.siteOwners.claim(input.accountId, input.siteId)) === 'taken') return null;
  const id = newId('dep');
  const archiveKey = uploadedArchiveKey(id);
  try {
    await rt.store.putFile(archiveKey, input.archivePath, 'application/octet-stream');
    return await rt.deploymentIntake.create({
      id,
      accountId: input.accountId,
      siteId: input.siteId,
      environment: input.environment,
      sourceUrl: null,
      archiveKey,
    });
  } catch (err) {
    await rt.store.delete(archiveKey).catch(() => undefined);
    throw err;
  }
}

export type RollbackOutcome = { kind: 'not_found' } | { kind: 'never_published'; target: DeploymentRow } | { kind: 'rolled_back'; deployment: DeploymentRow };

/**
 * Makes an earlier, once-published deployment the live one of its site and environment again (status
 * `rolled_back`), then waits until the edges serve it. `alsoInTx` runs in the same transaction as the
 * switch (the dashboard records its audit event there, so the two commit together).
 */
export async function rollbackDeployment(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'config'>,
  log: Logger,
  input: { accountId: string; deploymentId: string },
  alsoInTx?: (tx: Tx, rolledBack: DeploymentRow) => Promise<void>,
): Promise<RollbackOutcome> {
  const target = await findAccountDeployment(rt.db, input.accountId, input.deploymentId);
  if (!target) return { kind: 'not_found' };
  if (!target.publishedAt) return { kind: 'never_published', target };
  const { rolledBack, event } = await rt.db.transaction(async (tx) => {
    await setLiveDeployment(tx, target.siteId, target.environment, target.id);
    const row = await markRolledBack(tx, target.id, new Date());
    const event = await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.rolled_back', data: deploymentView(row, rt.config) });
    await alsoInTx?.(tx, row);
    return { rolledBack: row, event };
  });
  if (event) await announceWebhookEvents(rt, log, rolledBack.accountId);
  await tellEdges(rt, log, { rollback: rolledBack.id });
  return { kind: 'rolled_back', deployment: rolledBack };
}

export type PromoteOutcome = { kind: 'not_found' } | { kind: 'refused'; message: string } | { kind: 'promoted'; deployment: DeploymentRow };

/**
 * Makes a published preview the site's production deployment without rebuilding: a new production
 * deployment (`promoted_from` the preview) serving the same manifest becomes live in one transaction,
 * and is `published` once the edges serve it (a `deployment.published` event, as for a build). The
 * preview itself is unchanged and still served at its own host; production's history stays one row per
 * production deployment, so rolling back to what production served before works as ever.
 */
export async function promoteDeployment(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'config'>,
  log: Logger,
  input: { accountId: string; deploymentId: string },
): Promise<PromoteOutcome> {
  const preview = await findAccountDeployment(rt.db, input.accountId, input.deploymentId);
  if (!preview) return { kind: 'not_found' };
  if (preview.environment !== 'preview') {
    return { kind: 'refused', message: `Deployment ${preview.id} is a production deployment; only a preview can be promoted.` };
  }
  if (!preview.publishedAt || (preview.status !== 'published' && preview.status !== 'rolled_back')) {
    return {
      kind: 'refused',
      message: `Deployment ${preview.id} is not published (status ${preview.status}); only a published preview can be promoted.`,
    };
  }
  const created = await rt.db.transaction((tx) => insertPromotedDeployment(tx, preview, newId('dep')));
  await tellEdges(rt, log, { promoted: created.id, from: preview.id });
  const published = await rt.db.transaction(async (tx) => {
    const row = await markPublished(tx, created.id);
    const event = row && (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.published', data: deploymentView(row, rt.config) }));
    return { row, event };
  });
  if (published.event) await announceWebhookEvents(rt, log, created.accountId);
  return { kind: 'promoted', deployment: published.row ?? created };
}
