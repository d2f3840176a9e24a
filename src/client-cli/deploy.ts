import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from './api';
import { type Deployment, followLog, type LogLine } from './build-log';
import { ApiFailure, ClientError, EXIT } from './errors';
import { formatBytes, type Progress } from './progress';
import { listSiteFiles, manifestOf, type SiteFile } from './site-files';
import { writeTarGz } from './tar-gz';

/** Uploads at once: Netlify CLI sends 5; a few more keep a fast link busy while each PUT waits on its commit. */
export const UPLOAD_CONCURRENCY = 8;

export interface DeployRequest {
  dir: string;
  siteId: string;
  environment: 'production' | 'preview';
  message?: string;
}

export interface DeployEvents {
  /** A line of progress for people (hashing done, what is uploaded, …). */
  note(text: string): void;
  progress: Progress;
  logLine(line: LogLine): void;
}

export interface DeployOutcome {
  deployment: Deployment;
  files: number;
  uploaded: number;
  uploadedBytes: number;
  left: string[];
  timings: { hashMs: number; createMs: number; uploadMs: number; buildMs: number };
}

type Created = Deployment & { required?: string[] };

/**
 * A deploy by digests: hash the folder, send the manifest, upload only the contents the server lacks (each once,
 * however many paths share it), then follow the build log to the end. The server starts the build when the
 * last missing content arrives; a deploy that needs no upload at all is finalized explicitly.
 */
export async function deployFolder(api: ApiClient, req: DeployRequest, ev: DeployEvents): Promise<DeployOutcome> {
  const t0 = performance.now();
  const { files, left } = await listSiteFiles(req.dir);
  if (files.length === 0)
    throw new ClientError('empty_site', `nothing to deploy in ${req.dir}${left.length ? ` (left out: ${left.join(', ')})` : ''}`, EXIT.usage);
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  ev.note(
    `Hashed ${files.length} files (${formatBytes(totalBytes)})${left.length ? `; left out ${left.length}: ${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''}` : ''}`,
  );
  const t1 = performance.now();

  let created: Created;
  let viaArchive = false;
  try {
    created = await createByDigests(api, req, files, ev.note);
  } catch (err) {
    if (!takesNoDigests(err)) throw err;
    ev.note('This server takes no deploys by digest: sending the whole folder as one archive');
    created = await uploadArchive(api, req, files);
    viaArchive = true;
  }
  const t2 = performance.now();
  let uploaded = viaArchive ? files.length : 0;
  let bytes = viaArchive ? totalBytes : 0;
  if (!viaArchive) {
    const required = created.required ?? [];
    ev.note(`Deployment ${created.id}: ${required.length} of ${new Set(files.map((f) => f.sha256)).size} contents to upload`);
    ({ uploaded, bytes } = await uploadRequired(api, created.id, required, files, ev.progress));
    if (required.length === 0 && created.status === 'uploading') {
      // Nothing was missing, so no upload started the build: ask for it (a server that already did answers 409).
      await api.call('POST', `/hosting/deployments/${encodeURIComponent(created.id)}/finalize`, { retry: true }).catch((err: unknown) => {
        if (!(err instanceof ApiFailure && err.status === 409)) throw err;
      });
    }
  }
  const t3 = performance.now();

  const deployment = await followLog(api, created.id, ev.logLine);
  const t4 = performance.now();
  return {
    deployment,
    files: files.length,
    uploaded,
    uploadedBytes: bytes,
    left,
    timings: { hashMs: t1 - t0, createMs: t2 - t1, uploadMs: t3 - t2, buildMs: t4 - t3 },
  };
}

/** PUTs each required content (read from the first path that has it), a few at a time; retries are the client's. */
async function uploadRequired(
  api: ApiClient,
  id: string,
  required: string[],
  files: SiteFile[],
  progress: Progress,
): Promise<{ uploaded: number; bytes: number }> {
  const byDigest = new Map<string, SiteFile>();
  for (const f of files) if (!byDigest.has(f.sha256)) byDigest.set(f.sha256, f);
  const queue = required.map((sha) => {
    const f = byDigest.get(sha);
    if (!f) throw new ClientError('bad_response', `the server asked for content ${sha}, which is not in the manifest it was sent`, EXIT.failed);
    return f;
  });
  const totalBytes = queue.reduce((n, f) => n + f.size, 0);
  let next = 0;
  let done = 0;
  let bytes = 0;
  progress.update(0, queue.length, 0, totalBytes);
  const worker = async () => {
    while (next < queue.length) {
      const f = queue[next++]!;
      try {
        const body = await readFile(f.abs);
        await api.call('PUT', `/hosting/deployments/${encodeURIComponent(id)}/files/${f.sha256}`, { body, retry: true });
      } catch (err) {
        next = queue.length; // the others stop taking files: the deploy has failed
        throw err;
      }
      done++;
      bytes += f.size;
      progress.update(done, queue.length, bytes, totalBytes);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, queue.length) }, worker));
  } finally {
    progress.end();
  }
  return { uploaded: done, bytes };
}

/** POST with the manifest; the Idempotency-Key makes a retried create (a 503, a cut connection) answer the first one's deployment. */
async function createByDigests(api: ApiClient, req: DeployRequest, files: SiteFile[], note: (t: string) => void): Promise<Created> {
  const body = { site_id: req.siteId, environment: req.environment, files: manifestOf(files) };
  const create = (json: object) => api.call<Created>('POST', '/hosting/deployments', { json, headers: { 'Idempotency-Key': randomUUID() }, retry: true });
  if (!req.message) return create(body);
  try {
    return await create({ ...body, message: req.message });
  } catch (err) {
    // The API keeps no deploy message yet (the field is refused as unknown): deploy all the same, and say so.
    if (!(err instanceof ApiFailure && err.status === 400 && /unknown field 'message'/.test(err.message))) throw err;
    note('This server keeps no deploy message: deploying without it');
    return create(body);
  }
}

/** A server from before deploys by digest refuses the manifest as an unknown field: it takes the archive instead. */
function takesNoDigests(err: unknown): boolean {
  return err instanceof ApiFailure && err.status === 400 && err.code === 'invalid_parameter' && /unknown field 'files'/.test(err.message);
}

/** The multipart deploy (POST /v1/hosting/deployments with `file`): a tar.gz written to a temporary file and sent from it. */
async function uploadArchive(api: ApiClient, req: DeployRequest, files: SiteFile[]): Promise<Created> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-deploy-'));
  try {
    const archive = join(dir, 'site.tar.gz');
    await writeTarGz(files, archive);
    const form = new FormData();
    form.append('site_id', req.siteId);
    form.append('environment', req.environment);
    form.append('file', await openAsBlob(archive), 'site.tar.gz');
    if ((await stat(archive)).size === 0) throw new ClientError('failed', 'the archive came out empty', EXIT.failed);
    // The server knows a multipart retry by its fields and the archive's digest, so the key is safe to repeat.
    return await api.call<Created>('POST', '/hosting/deployments', { form, headers: { 'Idempotency-Key': randomUUID() }, retry: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
