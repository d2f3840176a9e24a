import { open } from 'node:fs/promises';
import type { Actor } from '../audit/actor';
import type { Tx } from '../db/client';
import { type AuditEntry, recordAudit } from '../db/queries/audit';
import {
  findAccountDeployment,
  findLiveDeployment,
  insertPromotedDeployment,
  isLive,
  lockDeployment,
  markPublished,
  markRolledBack,
  setLiveDeployment,
  type DeploymentRow,
} from '../db/queries/deployments';
import type { DeploymentEnvironment } from '../db/schema';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { deploymentView } from './views';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { announceDeploymentLog } from './deployment-log-events';
import { detectArchiveKind } from './archive';
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
  input: { accountId: string; siteId: string; environment: DeploymentEnvironment; sourceUrl: string | null; actor: Actor },
): Promise<DeploymentRow | null> {
  const { actor, ...fields } = input;
  if ((await rt.siteOwners.claim(input.accountId, input.siteId)) === 'taken') return null;
  const id = newId('dep');
  const audit: AuditEntry = {
    accountId: input.accountId,
    actor,
    action: input.sourceUrl === null ? 'deployment.redeployed' : 'deployment.created',
    target: id,
    detail: { site: input.siteId, environment: input.environment, ...(input.sourceUrl === null ? {} : { source_url: input.sourceUrl }) },
  };
  return rt.deploymentIntake.create({ id, ...fields, archiveKey: null, audit });
}

export type UploadOutcome = { kind: 'not_an_archive' } | { kind: 'site_taken' } | { kind: 'created'; deployment: DeploymentRow };

/**
 * A deployment of an archive uploaded with the request (`archivePath`, a received temporary file the
 * caller still owns), for the API's multipart deploy and the dashboard's upload form alike. The archive
 * must be a zip or tar.gz by its first bytes; it is stored before the row is written, so a deployment never
 * exists without its archive; if the row cannot be written the stored copy is removed (and what a dying
 * process leaves, the hourly deployments.sweep-uploads removes). Nothing is stored for a refusal.
 */
export async function requestUploadDeployment(
  rt: Pick<Runtime, 'siteOwners' | 'deploymentIntake' | 'store'>,
  input: { accountId: string; siteId: string; environment: DeploymentEnvironment; archivePath: string; actor: Actor; filename?: string; size?: number },
): Promise<UploadOutcome> {
  if (!detectArchiveKind(await readHead(input.archivePath))) return { kind: 'not_an_archive' };
  if ((await rt.siteOwners.claim(input.accountId, input.siteId)) === 'taken') return { kind: 'site_taken' };
  const id = newId('dep');
  const archiveKey = uploadedArchiveKey(id);
  try {
    await rt.store.putFile(archiveKey, input.archivePath, 'application/octet-stream');
    const deployment = await rt.deploymentIntake.create({
      id,
      accountId: input.accountId,
      siteId: input.siteId,
      environment: input.environment,
      sourceUrl: null,
      archiveKey,
      audit: {
        accountId: input.accountId,
        actor: input.actor,
        action: 'deployment.uploaded',
        target: id,
        detail: { site: input.siteId, environment: input.environment, filename: input.filename, size: input.size },
      },
    });
    return { kind: 'created', deployment };
  } catch (err) {
    await rt.store.delete(archiveKey).catch(() => undefined);
    throw err;
  }
}

/** Why an upload was refused as not an archive, in the API's and the dashboard's answers alike. */
export const notAnArchive = (filename: string) =>
  `'${filename}' is not a .zip or .tar.gz archive (recognised by content, not by name); upload the site as one.`;

async function readHead(path: string): Promise<Buffer> {
  const head = Buffer.alloc(512);
  const fh = await open(path, 'r');
  const { bytesRead } = await fh.read(head, 0, head.length, 0).finally(() => fh.close());
  return head.subarray(0, bytesRead);
}

export type RollbackOutcome = { kind: 'not_found' } | { kind: 'never_published'; target: DeploymentRow } | { kind: 'rolled_back'; deployment: DeploymentRow };

/**
 * Makes an earlier, once-published deployment the live one of its site and environment again (status
 * `rolled_back`), then waits until the edges serve it. `alsoInTx` runs in the same transaction as the
 * switch (the dashboard records its audit event there, so the two commit together).
 */
export async function rollbackDeployment(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'edgeRegistry' | 'config'>,
  log: Logger,
  input: { accountId: string; deploymentId: string; actor: Actor },
  alsoInTx?: (tx: Tx, rolledBack: DeploymentRow) => Promise<void>,
): Promise<RollbackOutcome> {
  const target = await findAccountDeployment(rt.db, input.accountId, input.deploymentId);
  if (!target) return { kind: 'not_found' };
  if (!target.publishedAt) return { kind: 'never_published', target };
  const { rolledBack, event } = await rt.db.transaction(async (tx) => {
    await setLiveDeployment(tx, target.siteId, target.environment, target.id);
    const row = await markRolledBack(tx, target.id, new Date());
    const event = await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.rolled_back', data: deploymentView(row, rt.config, true) });
    await recordAudit(tx, {
      accountId: row.accountId,
      actor: input.actor,
      action: 'deployment.rolled_back',
      target: row.id,
      detail: { site: row.siteId, environment: row.environment },
    });
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
 * production deployment, so rolling back to what production served before works as ever. `alsoInTx`
 * runs in the switch's transaction (the dashboard's audit event commits with it).
 */
export async function promoteDeployment(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'edgeRegistry' | 'config'>,
  log: Logger,
  input: { accountId: string; deploymentId: string; actor: Actor },
  alsoInTx?: (tx: Tx, created: DeploymentRow) => Promise<void>,
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
  // One promote of a preview at a time: the preview's row is held while production is switched, and a
  // promote that waited finds production already serving this preview and is refused, so a double click
  // or parallel requests make one production deployment, not several.
  const switched = await rt.db.transaction(async (tx) => {
    await lockDeployment(tx, preview.id);
    const live = await findLiveDeployment(tx, preview.siteId, 'production');
    if (live?.promotedFrom === preview.id) return { kind: 'already_live' as const, live };
    const row = await insertPromotedDeployment(tx, preview, newId('dep'));
    await recordAudit(tx, {
      accountId: row.accountId,
      actor: input.actor,
      action: 'deployment.promoted',
      target: row.id,
      detail: { site: row.siteId, from: preview.id },
    });
    await alsoInTx?.(tx, row);
    return { kind: 'created' as const, row };
  });
  if (switched.kind === 'already_live') {
    return {
      kind: 'refused',
      message: `Deployment ${preview.id} is already live in production as ${switched.live.id} (${switched.live.status}); it was promoted by an earlier request.`,
    };
  }
  const created = switched.row;
  await tellEdges(rt, log, { promoted: created.id, from: preview.id });
  const published = await rt.db.transaction(async (tx) => {
    const row = await markPublished(tx, created.id);
    const event =
      row &&
      (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.published', data: deploymentView(row, rt.config, await isLive(tx, row)) }));
    return { row, event };
  });
  await announceDeploymentLog(rt, log, created.id);
  if (published.event) await announceWebhookEvents(rt, log, created.accountId);
  return { kind: 'promoted', deployment: published.row ?? created };
}
