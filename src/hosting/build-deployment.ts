import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  appendDeploymentLog,
  deploymentManifest,
  failBuild,
  insertManifest,
  latestPublishedDeployment,
  markPublished,
  publishBuild,
  startBuild,
  type DeploymentFileRow,
  type DeploymentRow,
} from '../db/queries/deployments';
import type { Tx } from '../db/client';
import { deleteDigestManifest, type DigestManifest, findDigestManifest } from '../db/queries/deployment-uploads';
import { type DigestSite, DigestSourceError, readDigestSite } from './digest-source';
import { findAccountPlan } from '../db/queries/accounts';
import { claimStorage } from '../db/queries/storage';
import type { JobError } from '../db/schema';
import { announceStorageChange } from '../billing/usage-cache';
import { deploymentView } from './views';
import { announceDeploymentLog } from './deployment-log-events';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS, detectArchiveKind, extractSiteArchive } from './archive';
import { siteBlobKey } from './blob-keys';
import { contentTypeFor } from './edge/content-type';
import { FetchRefusedError, guardedDownload, minDownloadRate } from '../net/guarded-fetch';
import { attemptOf, type JobRun, PermanentJobError } from '../queue/job-run';
import { withTempDir } from '../lib/temp-dir';
import { tellEdges } from './publishing';
import { isRuleFile, RULE_FILES, readSiteRules } from './site-rules';
import type { SiteRules } from './site-rules/types';

type ManifestEntry = Omit<DeploymentFileRow, 'deploymentId'>;
type StoredContent = Pick<ManifestEntry, 'hash' | 'size'>;

/** Blob writes in flight at once: enough to hide storage latency, few enough to bound memory. */
const STORE_CONCURRENCY = 16;

const buildFailure = (message: string) => new PermanentJobError({ code: 'build_failed', message });

/** A source address fit to show: no credentials, no query (it may hold a token). */
export function displayUrl(raw: string): string {
  const u = new URL(raw);
  u.username = '';
  u.password = '';
  u.search = u.search ? '?…' : '';
  return u.toString();
}

interface StoredSite {
  entries: ManifestEntry[];
  /** The text of `_redirects` / `_headers` at the site root, when present (they are not stored as files). */
  ruleFiles: { redirects?: string; headers?: string };
}

async function storeSiteFiles(ctx: JobRun, d: DeploymentRow, archivePath: string, log: (m: string) => Promise<void>): Promise<StoredSite> {
  const head = Buffer.alloc(512);
  const fh = await open(archivePath, 'r');
  const { bytesRead } = await fh.read(head, 0, 512, 0).finally(() => fh.close());
  if (!detectArchiveKind(head.subarray(0, bytesRead))) throw buildFailure('The source is not a .zip or .tar.gz archive (recognised by content, not by name).');

  const entries: ManifestEntry[] = [];
  const ruleFiles: StoredSite['ruleFiles'] = {};
  const inFlight = new Set<Promise<void>>();
  let failed: unknown;
  const store = async (path: string, data: Buffer) => {
    const hash = createHash('sha256').update(data).digest('hex');
    const contentType = contentTypeFor(path);
    const key = siteBlobKey(hash);
    // Content-addressed: identical files across deployments are stored once.
    if (!(await ctx.rt.store.exists(key))) await ctx.rt.store.put(key, data, contentType);
    entries.push({ path, hash, size: data.length, contentType });
    if (entries.length % 500 === 0) {
      ctx.log.info({ deployment: d.id, files: entries.length }, 'storing site files');
      await log(`Stored ${entries.length} files…`);
    }
  };
  const result = await extractSiteArchive(archivePath, DEFAULT_ARCHIVE_LIMITS, async (file) => {
    if (failed) throw failed;
    if (isRuleFile(file.path)) {
      ruleFiles[file.path === RULE_FILES.redirects ? 'redirects' : 'headers'] = file.data.toString('utf8');
      return;
    }
    const p = store(file.path, file.data).catch((err) => {
      failed ??= err;
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    if (inFlight.size >= STORE_CONCURRENCY) await Promise.race(inFlight);
  });
  await Promise.all(inFlight);
  if (failed) throw failed;
  await log(
    `Extracted ${result.files} files (${result.bytes} bytes) from the ${result.kind} archive${result.stripped ? `, served from its folder "${result.stripped}/"` : ''}.`,
  );
  return { entries, ruleFiles };
}

/**
 * Builds one deployment: download the archive under the fetch rules, extract it safely, store every file
 * content-addressed, then in one transaction record the manifest and switch the site's live deployment
 * (unless a newer one is already live); once the edges have loaded it, mark it published. Running it
 * again for a finished deployment does nothing.
 */
export async function buildDeployment(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  // The claim that moves it out of `pending` reports `deployment.building` in the same transaction.
  const claimed = await rt.db.transaction(async (tx) => {
    const row = await startBuild(tx, payload.id);
    const event =
      row?.started === true &&
      (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.building', data: deploymentView(row, rt.config) })) !== null;
    return { row, event };
  });
  if (claimed.event) await announceWebhookEvents(rt, ctx.log, claimed.row!.accountId);
  const d = claimed.row;
  if (!d) {
    ctx.log.info({ deployment: payload.id }, 'deployment already finished or gone; nothing to do');
    return;
  }
  if (d.publishedAt) {
    // An earlier attempt went live and stopped before saying so: only the announcement is left.
    await announceAndMarkPublished(ctx, d);
    return;
  }
  const log: BuildLog = async (message, level = 'info') => {
    await appendDeploymentLog(rt.db, d.id, message, level);
    await announceDeploymentLog(rt, ctx.log, d.id);
  };
  const { attempt, attempts } = attemptOf(ctx.job);
  await log(`Build started (attempt ${attempt} of ${attempts}).`);
  try {
    await build(ctx, d, log);
  } catch (err) {
    // Every attempt ends with a line saying how; the last one's is written by failDeployment.
    if (!(err instanceof PermanentJobError) && attempt < attempts) {
      const cause = err instanceof FetchRefusedError ? err.message : 'an internal error (details are in the server log)';
      await log(`Attempt ${attempt} of ${attempts} failed: ${cause}; trying again.`, 'warn').catch(() => undefined);
    }
    throw err;
  }
}

type BuildLog = (message: string, level?: 'info' | 'warn' | 'error') => Promise<void>;

async function downloadSource(ctx: JobRun, sourceUrl: string, archivePath: string, log: BuildLog): Promise<void> {
  const { rt } = ctx;
  await log(`Downloading ${displayUrl(sourceUrl)}`);
  try {
    const got = await guardedDownload(sourceUrl, archivePath, {
      allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
      maxBytes: rt.config.DEPLOY_MAX_ARCHIVE_BYTES,
      timeoutMs: rt.config.FETCH_TIMEOUT_MS,
      minRate: minDownloadRate(rt.config),
    });
    await log(`Downloaded ${got.bytes} bytes.`);
  } catch (err) {
    if (!(err instanceof FetchRefusedError)) throw err;
    if (!err.transient) throw buildFailure(`Could not download the source: ${err.message}.`);
    // Out of attempts, the last one's cause is the answer (rather than a bare "failed after 3 attempts").
    const { attempt, attempts } = attemptOf(ctx.job);
    if (attempt >= attempts) throw buildFailure(`The build failed after ${attempts} attempts: ${err.message}.`);
    throw err;
  }
}

/** The archive uploaded with the request, copied out of storage (every attempt reads it afresh). */
async function readUploadedArchive(ctx: JobRun, archiveKey: string, archivePath: string, log: BuildLog): Promise<void> {
  const blob = await ctx.rt.store.get(archiveKey);
  if (!blob) throw buildFailure('The uploaded archive is no longer stored; upload it again.');
  await pipeline(blob.body, createWriteStream(archivePath));
  await log(`Read the uploaded archive (${blob.size} bytes).`);
}

async function build(ctx: JobRun, d: DeploymentRow, log: BuildLog): Promise<void> {
  const { rt } = ctx;
  let entries: ManifestEntry[];
  let siteRules: SiteRules | null;
  let manifest: DigestManifest | null = null;
  // Contents stored for the deployment that are not files of it: a deploy by digests uploads its rule files.
  let alsoStored: StoredContent[] = [];
  if (d.sourceUrl || d.archiveKey) {
    ({ entries, siteRules } = await withTempDir('build', async (dir) => {
      const archivePath = join(dir, 'source');
      if (d.archiveKey) await readUploadedArchive(ctx, d.archiveKey, archivePath, log);
      else await downloadSource(ctx, d.sourceUrl!, archivePath, log);
      try {
        const stored = await storeSiteFiles(ctx, d, archivePath, log);
        const read = readSiteRules(stored.ruleFiles);
        for (const m of read.messages) await log(m.message, m.level);
        return { entries: stored.entries, siteRules: read.rules };
      } catch (err) {
        if (err instanceof ArchiveError) throw buildFailure(`The archive was refused: ${err.message}`);
        throw err;
      }
    }));
  } else if ((manifest = await findDigestManifest(rt.db, d.id))) {
    ({ entries, siteRules, alsoStored } = await fromDigests(ctx, manifest, log));
  } else {
    const previous = await latestPublishedDeployment(rt.db, d.siteId);
    if (!previous) throw buildFailure(`Site ${d.siteId} has no earlier successful deployment to redeploy; send a source_url.`);
    entries = (await deploymentManifest(rt.db, previous.id)).map(({ deploymentId: _, ...f }) => f);
    siteRules = previous.siteRules;
    await log(
      `No source_url: redeploying the ${entries.length} files of ${previous.id}${siteRules ? ` with its ${siteRules.redirects.length} redirect and ${siteRules.headers.length} header rules` : ''}.`,
    );
  }

  const totalBytes = entries.reduce((n, e) => n + e.size, 0);
  const wentLive = await rt.db.transaction(async (tx) => {
    await insertManifest(tx, d.id, entries);
    // Its files are now the deployment's manifest and the account's claimed contents.
    if (manifest) await deleteDigestManifest(tx, d.id);
    const live = await publishBuild(tx, d, { fileCount: entries.length, totalBytes, siteRules });
    // Last, so the account's storage row is locked for the shortest time; a refusal rolls the publish back.
    await chargeSiteStorage(tx, d, alsoStored.length > 0 ? [...entries, ...alsoStored] : entries);
    return live;
  });
  await announceStorageChange(rt, d.accountId);
  await log(
    wentLive
      ? `Published ${entries.length} files; now live for ${d.environment}.`
      : `Published ${entries.length} files; a newer ${d.environment} deployment is already live, so this one does not replace it.`,
  );
  // The manifest is committed: no attempt reads the upload again (a retry finds the build published).
  if (d.archiveKey) await rt.store.delete(d.archiveKey).catch(() => undefined);
  await announceAndMarkPublished(ctx, d);
  ctx.log.info({ deployment: d.id, site: d.siteId, files: entries.length, live: wentLive }, 'deployment published');
}

/** A deploy by digests: its files are stored already; only the rule files are read. */
async function fromDigests(
  ctx: JobRun,
  manifest: DigestManifest,
  log: BuildLog,
): Promise<{ entries: ManifestEntry[]; siteRules: SiteRules | null; alsoStored: StoredContent[] }> {
  let site: DigestSite;
  try {
    site = await readDigestSite(ctx.rt.store, manifest);
  } catch (err) {
    if (err instanceof DigestSourceError) throw buildFailure(err.message);
    throw err;
  }
  const read = readSiteRules(site.ruleFiles);
  for (const m of read.messages) await log(m.message, m.level);
  await log(`Assembled ${site.entries.length} files (${site.bytes} bytes) from the manifest of ${manifest.sizes.size} distinct contents.`);
  // The rule files' contents were uploaded and stay stored: charged like files, so a redeploy does not ask for them again.
  return { entries: site.entries, siteRules: read.rules, alsoStored: site.ruleContents };
}

/**
 * Charges the account for the site file contents this deployment adds: each distinct content once per
 * account (a redeploy, a rollback or an unchanged file costs nothing), against the plan's storage
 * allowance, atomically with the publish. Past the allowance the build fails, saying what is used and allowed.
 */
async function chargeSiteStorage(tx: Tx, d: DeploymentRow, entries: readonly StoredContent[]): Promise<void> {
  const distinct = new Map(entries.map((e) => [e.hash, e.size]));
  // Sorted, so two builds claiming overlapping contents lock them in the same order.
  const claims = [...distinct].sort(([a], [b]) => (a < b ? -1 : 1)).map(([hash, bytes]) => ({ objectId: `blob:${hash}`, bytes }));
  const plan = await findAccountPlan(tx, d.accountId);
  if (!plan) return;
  const refused = await claimStorage(tx, d.accountId, 'site', claims, plan.storageBytes);
  if (!refused) return;
  throw buildFailure(
    `The site's files need ${refused.requested} bytes of new storage, but the account stores ${refused.used} of the ${plan.storageBytes} bytes ` +
      `the ${plan.planId} plan allows (${Math.max(0, plan.storageBytes - refused.used)} free). Delete files to make room, or move to a larger plan.`,
  );
}

/**
 * `published` means the site is live, so the status flips only once the edges have reloaded (or the
 * wait gave up: by then their safety reload has caught up, and a site new to an edge is read through).
 */
async function announceAndMarkPublished(ctx: JobRun, d: DeploymentRow): Promise<void> {
  const { rt } = ctx;
  await tellEdges(rt, ctx.log, { deployment: d.id });
  const event = await rt.db.transaction(async (tx) => {
    const published = await markPublished(tx, d.id);
    return (
      published && (await recordWebhookEvent(tx, { accountId: published.accountId, type: 'deployment.published', data: deploymentView(published, rt.config) }))
    );
  });
  await announceDeploymentLog(rt, ctx.log, d.id);
  if (event) await announceWebhookEvents(rt, ctx.log, d.accountId);
}

/** Once no attempt is left: the deployment ends `failed` with the reason, in its status and its log. */
export async function failDeployment(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  const message = error.code === 'build_failed' ? error.message : `The build failed: ${error.message}`;
  const { rt } = ctx;
  // One transaction: whoever sees `failed` also sees the log line that explains it, and the event.
  const failed = await rt.db.transaction(async (tx) => {
    await appendDeploymentLog(tx, payload.id, message, 'error');
    const row = await failBuild(tx, payload.id, message);
    const event = row && (await recordWebhookEvent(tx, { accountId: row.accountId, type: 'deployment.failed', data: deploymentView(row, rt.config) }));
    return { row, event };
  });
  await announceDeploymentLog(rt, ctx.log, payload.id);
  if (failed.row?.archiveKey) await rt.store.delete(failed.row.archiveKey).catch(() => undefined);
  if (failed.event) await announceWebhookEvents(rt, ctx.log, failed.row!.accountId);
}
