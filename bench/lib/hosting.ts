import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import yazl from 'yazl';
import type { BenchContext } from './types';

/** Helpers of the hosting scenarios: archives, a server for them, and the deployment API. */

export interface SiteFile {
  path: string;
  data: Buffer;
}

/** A zip of `files` (deflated, fixed mtime so the same files give the same bytes). */
export function buildZip(files: SiteFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const f of files) zip.addBuffer(f.data, f.path, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A plain node:http server in the bench process that serves archives from memory, on 127.0.0.1. */
export interface ArchiveServer {
  /** Makes `data` downloadable at the returned URL. */
  add(name: string, data: Buffer): string;
  /** GETs answered so far per path (how many builds downloaded it). */
  downloads(name: string): number;
}

let shared: Promise<ArchiveServer> | undefined;

/** One archive server per run, shared by the hosting scenarios, closed at cleanup. */
export function archiveServer(ctx: BenchContext): Promise<ArchiveServer> {
  shared ??= (async () => {
    const archives = new Map<string, Buffer>();
    const counts = new Map<string, number>();
    const server: Server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      const buf = archives.get(path);
      if (!buf) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('no such archive\n');
      }
      counts.set(path, (counts.get(path) ?? 0) + 1);
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': buf.length });
      res.end(buf);
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      });
    });
    ctx.onCleanup(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    return {
      add(name, data) {
        archives.set(`/${name}`, data);
        return `http://127.0.0.1:${port}/${name}`;
      },
      downloads: (name) => counts.get(`/${name}`) ?? 0,
    };
  })();
  return shared;
}

export interface Deployment {
  id: string;
  status: 'pending' | 'building' | 'published' | 'failed' | 'rolled_back';
  site_id: string;
  created_at: string;
  url?: string;
  error?: string;
}

function authHeaders(ctx: BenchContext): Record<string, string> {
  return { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
}

export async function createDeployment(ctx: BenchContext, siteId: string, sourceUrl: string): Promise<Deployment> {
  const res = await fetch(`${ctx.apiUrl}/v1/hosting/deployments`, {
    method: 'POST',
    headers: authHeaders(ctx),
    body: JSON.stringify({ site_id: siteId, source_url: sourceUrl }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /v1/hosting/deployments (${siteId}) answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Deployment;
}

export async function getDeployment(ctx: BenchContext, id: string): Promise<Deployment> {
  const res = await fetch(`${ctx.apiUrl}/v1/hosting/deployments/${id}`, { headers: authHeaders(ctx), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /v1/hosting/deployments/${id} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Deployment;
}

/** The build log, for error messages. */
export async function deploymentLog(ctx: BenchContext, id: string): Promise<string> {
  try {
    const res = await fetch(`${ctx.apiUrl}/v1/hosting/deployments/${id}/logs`, { headers: authHeaders(ctx), signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { lines?: { at: string; level: string; message: string }[] };
    return (body.lines ?? []).map((l) => `${l.at} ${l.level} ${l.message}`).join('\n');
  } catch (err) {
    return `(log unavailable: ${(err as Error).message})`;
  }
}

/**
 * Polls GET /v1/hosting/deployments/{id} every `intervalMs` until it is published (→ the deployment)
 * or failed (→ throws with the error and the build log), or `timeoutMs` passed.
 */
export async function waitForPublished(ctx: BenchContext, id: string, intervalMs = 20, timeoutMs = 120_000): Promise<Deployment> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await getDeployment(ctx, id);
    if (d.status === 'published') return d;
    if (d.status === 'failed' || d.status === 'rolled_back') {
      throw new Error(`deployment ${id} ended ${d.status}: ${d.error ?? '(no error)'}\n${await deploymentLog(ctx, id)}`);
    }
    if (Date.now() > deadline) throw new Error(`deployment ${id} still ${d.status} after ${timeoutMs} ms\n${await deploymentLog(ctx, id)}`);
    await sleep(intervalMs);
  }
}

export interface BuildCounts {
  pending: number;
  building: number;
  published: number;
  failed: number;
  total: number;
}

/** Deployments by status in the bench database (the deploy queue's backlog is pending + building). */
export async function buildCounts(sql: postgres.Sql): Promise<BuildCounts> {
  const rows = await sql<{ status: string; n: string }[]>`SELECT status, count(*)::text AS n FROM deployments GROUP BY status`;
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return {
    pending: by.pending ?? 0,
    building: by.building ?? 0,
    published: by.published ?? 0,
    failed: by.failed ?? 0,
    total: rows.reduce((n, r) => n + Number(r.n), 0),
  };
}

export function benchSql(ctx: BenchContext): postgres.Sql {
  return postgres(ctx.databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
}

/** One plain GET with an explicit Host header (fetch may not let a caller set Host). */
export function getWithHost(url: string, host: string, timeoutMs = 10_000): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers: { host }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** One GET of `path` on `baseUrl` (with `host` when given): null when it is 200 with exactly `expected`, else the problem. */
export async function checkServes(baseUrl: string, host: string | undefined, path: string, expected: Buffer): Promise<string | null> {
  try {
    const u = new URL(baseUrl);
    const res = await getWithHost(`${baseUrl}${path}`, host ?? u.host);
    if (res.status !== 200) return `${res.status} ${res.body.toString('utf8', 0, 200)}`;
    if (res.headers['content-encoding']) return `answered with Content-Encoding ${res.headers['content-encoding']}`;
    if (Number(res.headers['content-length']) !== expected.length) return `Content-Length ${res.headers['content-length']}, expected ${expected.length}`;
    if (!res.body.equals(expected)) return `body differs from the expected ${expected.length} bytes (got ${res.body.length})`;
    return null;
  } catch (err) {
    return `request failed: ${(err as Error).message}`;
  }
}
