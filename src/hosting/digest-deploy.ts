import { unlink } from 'node:fs/promises';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import {
  builtContentSize,
  heldContentSize,
  findUploadBlob,
  finishUploading,
  heldContents,
  insertDigestDeployment,
  markContentReceived,
  firstMissing,
  missingCount,
} from '../db/queries/deployment-uploads';
import { findAccountDeployment, type DeploymentRow } from '../db/queries/deployments';
import type { DeploymentEnvironment } from '../db/schema';
import { newId } from '../ids';
import { receiveRawFile } from '../net/receive-raw-file';
import type { Runtime } from '../runtime';
import { activeTraceCarrier } from '../tracing/carrier';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS } from './archive';
import { planDigestManifest } from './archive/digest-manifest';
import { siteBlobKey } from './blob-keys';

/**
 * Deploys by file digests (as Netlify's and Vercel's command lines do): the client sends each path with the
 * SHA-256 of its content, is told which contents the account does not hold yet, uploads only those, and the
 * build starts once none is missing. The build itself is the archive's (same path rules, rule files, quota
 * and atomic publish); only where the files come from differs.
 */

/** An `uploading` deployment with no upload for this long is failed by the sweep. */
export const UPLOAD_IDLE_MS = 3_600_000;
/** At most this many of the missing hashes are listed in an upload's answer (`missing` counts them all). */
export const MISSING_LISTED = 100;

type Rt = Pick<Runtime, 'db' | 'siteOwners' | 'queues' | 'store' | 'config'>;

export interface Missing {
  /** How many distinct contents are still required. */
  count: number;
  /** The first MISSING_LISTED of them (all of them when creating). */
  hashes: string[];
}

export type DigestDeployOutcome =
  | { kind: 'site_taken' }
  | { kind: 'refused'; message: string }
  | { kind: 'created'; deployment: DeploymentRow; required: string[] };

/**
 * Records a deployment of `files` (path → SHA-256). Contents the account already holds (stored by its
 * earlier deploys, or uploaded for another of its deploys by digests) are not asked for again; another
 * account's copy of the same bytes never counts. With nothing to upload the build is queued at once.
 */
export async function requestDigestDeployment(
  rt: Rt,
  input: { accountId: string; siteId: string; environment: DeploymentEnvironment; files: Record<string, string>; actor: Actor },
): Promise<DigestDeployOutcome> {
  let plan: ReturnType<typeof planDigestManifest>;
  try {
    plan = planDigestManifest(input.files, DEFAULT_ARCHIVE_LIMITS);
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    return { kind: 'refused', message: `'files' was refused: ${err.message.replace(/^archive /, 'the manifest ').replace(/\bentry\b/, 'path')}.` };
  }
  if ((await rt.siteOwners.claim(input.accountId, input.siteId)) === 'taken') return { kind: 'site_taken' };
  const held = await heldContents(rt.db, input.accountId, plan.hashes);
  const required = plan.hashes.filter((h) => !held.has(h)).sort();
  const id = newId('dep');
  const deployment = await rt.db.transaction(async (tx) => {
    const row = await insertDigestDeployment(
      tx,
      { id, accountId: input.accountId, siteId: input.siteId, environment: input.environment, status: required.length === 0 ? 'pending' : 'uploading' },
      plan.files,
      held,
      required,
    );
    await audit(tx, input.accountId, input.actor, 'deployment.digests_sent', id, {
      site: input.siteId,
      environment: input.environment,
      files: Object.keys(plan.files).length,
      required: required.length,
    });
    return row;
  });
  if (deployment.status === 'pending') await enqueueBuild(rt, deployment);
  return { kind: 'created', deployment, required };
}

export type ReceiveOutcome =
  | { kind: 'not_found' }
  | { kind: 'refused'; status: 400 | 409 | 413; code?: 'file_too_large'; message: string }
  | { kind: 'received'; hash: string; size: number; missing: Missing; deployment: DeploymentRow };

/**
 * One content of a deploy by digests, streamed from `req` (its raw body). It must hash to its name
 * (else nothing is kept) and fit the per-file and total caps. A content already held or uploaded is
 * answered as received without being read (a retried upload is harmless). The upload of the last
 * missing content queues the build.
 */
export async function receiveDigestContent(
  rt: Rt,
  input: { accountId: string; deploymentId: string; hash: string; req: Request; actor: Actor },
): Promise<ReceiveOutcome> {
  const d = await findAccountDeployment(rt.db, input.accountId, input.deploymentId);
  if (!d) return { kind: 'not_found' };
  const blob = await findUploadBlob(rt.db, d.id, input.hash);
  if (!blob) {
    // Held when the deployment was created: nothing to upload, and saying so again is harmless.
    const size = await heldContentSize(rt.db, d.id, input.hash);
    if (size !== null) return { kind: 'received', hash: input.hash, size, missing: await missingOf(rt, d.id), deployment: d };
  }
  if (!blob && d.status !== 'uploading') {
    // Built: its manifest rows are gone, and a retry of an upload the client did not see answered is harmless.
    const size = await builtContentSize(rt.db, d.id, input.hash);
    if (size !== null) return { kind: 'received', hash: input.hash, size, missing: { count: 0, hashes: [] }, deployment: d };
  }
  if (!blob) {
    return {
      kind: 'refused',
      status: 409,
      message: `Deployment ${d.id} does not list a file with content ${input.hash}: upload only the hashes its creation answered as required.`,
    };
  }
  if (blob.size !== null) return { kind: 'received', hash: input.hash, size: blob.size, missing: await missingOf(rt, d.id), deployment: d };
  if (d.status !== 'uploading') {
    return { kind: 'refused', status: 409, message: `Deployment ${d.id} is ${d.status}; it no longer takes uploads. Deploy again.` };
  }
  const limits = DEFAULT_ARCHIVE_LIMITS;
  const maxFileBytes = Math.min(limits.maxFileBytes, rt.config.DEPLOY_MAX_ARCHIVE_BYTES);
  const file = await receiveRawFile(input.req, { maxBytes: maxFileBytes, dir: rt.config.UPLOAD_TMP_DIR, what: 'The file' });
  try {
    if (file.sha256 !== input.hash) {
      return { kind: 'refused', status: 400, message: `The body's SHA-256 is ${file.sha256}, not ${input.hash}: nothing was stored.` };
    }
    const total = blob.knownBytes + file.size;
    if (total > limits.maxTotalBytes) {
      return {
        kind: 'refused',
        status: 413,
        code: 'file_too_large',
        message: `The site's files would total ${total} bytes, more than the ${limits.maxTotalBytes}-byte limit of a deployment.`,
      };
    }
    // Content-addressed like an archive build's files. Written whether or not the bytes are already in
    // storage (another account's, say), so neither the answer nor its timing tells.
    await rt.store.putFile(siteBlobKey(input.hash), file.path, 'application/octet-stream');
  } finally {
    await unlink(file.path).catch(() => undefined);
  }
  const { row, left, finished } = await rt.db.transaction(async (tx) => {
    // The counter's UPDATE holds the deployment's upload row only to this commit: concurrent uploads
    // queue for a moment here, not across their bodies. The one that takes `missing` to 0 finishes it.
    const left = await markContentReceived(tx, d.id, input.hash, file.size);
    const finished = left === 0 ? await finishUploading(tx, d.id) : null;
    if (finished) await audit(tx, d.accountId, input.actor, 'deployment.finalized', d.id, { site: d.siteId, by: 'upload' });
    return { row: finished ?? d, left, finished };
  });
  const missing = { count: left, hashes: left === 0 ? [] : await firstMissing(rt.db, d.id, MISSING_LISTED) };
  if (finished) await enqueueBuild(rt, finished);
  return { kind: 'received', hash: input.hash, size: file.size, missing, deployment: row };
}

export type FinalizeOutcome = { kind: 'not_found' } | { kind: 'refused'; message: string } | { kind: 'finalized'; deployment: DeploymentRow };

/**
 * Queues the build of a deploy by digests whose contents have all arrived. Its last upload already does
 * this; asking again (or for a deployment past `uploading`) answers the deployment as it is.
 */
export async function finalizeDigestDeployment(rt: Rt, input: { accountId: string; deploymentId: string; actor: Actor }): Promise<FinalizeOutcome> {
  const d = await findAccountDeployment(rt.db, input.accountId, input.deploymentId);
  if (!d) return { kind: 'not_found' };
  if (d.status !== 'uploading') {
    if (d.status === 'failed') return { kind: 'refused', message: `Deployment ${d.id} failed${d.error ? `: ${d.error}` : ''}. Deploy again.` };
    return { kind: 'finalized', deployment: d };
  }
  const outcome = await rt.db.transaction(async (tx) => {
    // `missing` only falls, and finishUploading moves `uploading` once: of a finalize and a last upload
    // racing, exactly one finishes (and audits) it.
    const missing = await missingCount(tx, d.id);
    if (missing > 0) return { missing };
    const finished = await finishUploading(tx, d.id);
    if (finished) await audit(tx, d.accountId, input.actor, 'deployment.finalized', d.id, { site: d.siteId, by: 'finalize' });
    return { finished };
  });
  if ('missing' in outcome) {
    const n = outcome.missing;
    return {
      kind: 'refused',
      message: `Deployment ${d.id} still misses ${n} file ${n === 1 ? 'content' : 'contents'}; upload ${n === 1 ? 'it' : 'them'} first.`,
    };
  }
  if (outcome.finished) await enqueueBuild(rt, outcome.finished);
  return { kind: 'finalized', deployment: outcome.finished ?? (await findAccountDeployment(rt.db, input.accountId, d.id)) ?? d };
}

async function missingOf(rt: Rt, deploymentId: string): Promise<Missing> {
  const count = await missingCount(rt.db, deploymentId);
  return { count, hashes: count === 0 ? [] : await firstMissing(rt.db, deploymentId, MISSING_LISTED) };
}

/**
 * After the commit, so a worker never looks for a row that is not there yet. An enqueue that fails (Redis away) leaves a `pending` row,
 * which the stale-job sweep queues again (as for any deployment).
 */
async function enqueueBuild(rt: Rt, d: DeploymentRow): Promise<void> {
  await rt.queues.enqueue('deployment.build', { id: d.id }, { jobId: d.id, account: d.accountId, trace: activeTraceCarrier() }).catch(() => undefined);
}

async function audit(
  tx: Parameters<typeof recordAudit>[0],
  accountId: string,
  actor: Actor,
  action: 'deployment.digests_sent' | 'deployment.finalized',
  target: string,
  detail: Record<string, unknown>,
) {
  await recordAudit(tx, { accountId, actor, action, target, detail });
}
