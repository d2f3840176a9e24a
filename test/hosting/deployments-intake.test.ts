import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeployment, insertDeployments } from '../../src/db/queries/deployments';
import { startWeb, type WebServer } from '../../src/roles/web';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

// Over real HTTP (the web role's server on loopback), as production runs it: the body is read from the
// IncomingMessage and concurrent creates share INSERTs. No worker: the builds stay in the queue to be seen.
let svc: TestService;
let web: WebServer;
let auth: Record<string, string>;
let otherAuth: Record<string, string>;
const run = randomBytes(4).toString('hex');
const SOURCE = 'https://example.com/site.zip';

beforeAll(async () => {
  svc = await startTestService();
  web = await startWeb(svc.rt, 0);
  ({ auth } = await createTestAccount(svc.rt));
  ({ auth: otherAuth } = await createTestAccount(svc.rt));
});
afterAll(async () => {
  await web?.close();
  await svc?.close();
});

const url = (path: string) => `http://127.0.0.1:${web.port}${path}`;

function create(body: unknown, headers: Record<string, string>) {
  return fetch(url('/v1/hosting/deployments'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A raw POST, so the test decides whether the length is declared or the body is chunked. */
function rawPost(path: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url(path), { method: 'POST', headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer and close before the whole body is sent.
    req.on('error', (err) => (err.message.includes('EPIPE') || err.message.includes('ECONNRESET') ? undefined : reject(err)));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('deployment creation over HTTP', () => {
  it('concurrent creates each get their own committed row, and every build is queued', async () => {
    const sites = [0, 1, 2].map((i) => `intake-${run}-${i}`);
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => create({ site_id: sites[i % 3], source_url: SOURCE }, auth)));
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { id: string; site_id: string; status: string } })),
    );
    bodies.forEach(({ status, body }, i) => {
      expect(status).toBe(201);
      expect(body.site_id).toBe(sites[i % 3]);
      expect(body.status).toBe('pending');
    });
    const ids = bodies.map((b) => b.body.id);
    expect(new Set(ids).size).toBe(60);
    // Committed before the answer.
    for (const { body } of bodies) expect((await findDeployment(svc.rt.db, body.id))?.siteId).toBe(body.site_id);
    // Enqueued just after the answer.
    const queue = svc.rt.queues.get('deploy');
    await until('every build in the queue', async () => (await Promise.all(ids.map((id) => queue.getJob(id)))).every((j) => j?.data.id !== undefined));
    await svc.rt.deploymentIntake.settled();
  });

  it("amid another account's concurrent creates, a site it owns is 404 for this one and nothing is written", async () => {
    const site = `intake-${run}-owned`;
    expect((await create({ site_id: site, source_url: SOURCE }, otherAuth)).status).toBe(201);
    const [mine, ...theirs] = await Promise.all([
      create({ site_id: site, source_url: SOURCE }, auth),
      ...Array.from({ length: 10 }, () => create({ site_id: site, source_url: SOURCE }, otherAuth)),
    ]);
    expect(mine!.status).toBe(404);
    expect(((await mine!.json()) as { error: { code: string } }).error.code).toBe('not_found');
    for (const r of theirs) expect(r.status).toBe(201);
  });

  it('a body over 2 MB is 413 payload_too_large, declared or chunked; a declared length under it goes through', async () => {
    const headers = { ...auth, 'content-type': 'application/json' };
    const big = Buffer.from(JSON.stringify({ site_id: `intake-${run}-big`, source_url: `${SOURCE}?${'x'.repeat(2 * 1024 * 1024)}` }));
    const declared = await rawPost('/v1/hosting/deployments', { ...headers, 'content-length': String(big.length) }, [big]);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.code).toBe('payload_too_large');
    const chunked = await rawPost('/v1/hosting/deployments', { ...headers, 'transfer-encoding': 'chunked' }, [big.subarray(0, 1 << 20), big.subarray(1 << 20)]);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe('payload_too_large');
    const small = Buffer.from(JSON.stringify({ site_id: `intake-${run}-small`, source_url: SOURCE }));
    const ok = await rawPost('/v1/hosting/deployments', { ...headers, 'content-length': String(small.length) }, [small]);
    expect(ok.status).toBe(201);
    expect(JSON.parse(ok.body).site_id).toBe(`intake-${run}-small`);
  });

  it('an unknown field or bad JSON in a body read from the socket is 400 invalid_parameter', async () => {
    const headers = { ...auth, 'content-type': 'application/json' };
    for (const text of ['{"site_id": ', JSON.stringify({ site_id: `intake-${run}-x`, sourse_url: SOURCE })]) {
      const res = await rawPost('/v1/hosting/deployments', { ...headers, 'content-length': String(Buffer.byteLength(text)) }, [Buffer.from(text)]);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('invalid_parameter');
    }
  });

  it('every answer over HTTP carries X-Request-Id and RateLimit-*, a created one and a refused one alike', async () => {
    const created = await create({ site_id: `intake-${run}-headers`, source_url: SOURCE }, { ...auth, 'X-Request-Id': `req-${run}` });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe(`req-${run}`);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    const limit = Number(created.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThan(0);
    expect(Number(created.headers.get('ratelimit-remaining'))).toBeLessThan(limit);
    expect(created.headers.get('ratelimit-reset')).toMatch(/^\d+$/);

    // Not an acceptable id (a space): a new one is made, and the error names the same one.
    const refused = await create({ site_id: `intake-${run}-headers`, source_url: 'ftp://example.com/site.zip' }, { ...auth, 'X-Request-Id': 'not ok' });
    expect(refused.status).toBe(400);
    const id = refused.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await refused.json()) as { error: { request_id: string } }).error.request_id).toBe(id);
    expect(Number(refused.headers.get('ratelimit-limit'))).toBe(limit);

    const unauthenticated = await create({ site_id: `intake-${run}-headers` }, {});
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(unauthenticated.headers.get('ratelimit-limit')).toBeNull();
  });

  it('the database refuses a deployment whose account does not own its site (the composite foreign key)', async () => {
    const site = `intake-${run}-fk`;
    const res = await create({ site_id: site, source_url: SOURCE }, auth);
    expect(res.status).toBe(201);
    const owner = (await findDeployment(svc.rt.db, ((await res.json()) as { id: string }).id))!.accountId;
    const other = await createTestAccount(svc.rt);
    expect(other.accountId).not.toBe(owner);
    const id = `dep_fk_${run}`;
    const row = { id, siteId: site, environment: 'production' as const, sourceUrl: null };
    await expect(insertDeployments(svc.rt.database.sql, [{ ...row, accountId: other.accountId }])).rejects.toMatchObject({ code: '23503' });
    expect(await findDeployment(svc.rt.db, id)).toBeNull();
    const [inserted] = await insertDeployments(svc.rt.database.sql, [{ ...row, accountId: owner }]);
    // The row as drizzle reads it back, though the INSERT returns only the columns Postgres fills in.
    expect(inserted).toEqual(await findDeployment(svc.rt.db, id));
    expect(inserted).toMatchObject({ id, accountId: owner, siteId: site, status: 'pending', archiveKey: null, error: null });
    expect(inserted!.createdAt).toBeInstanceOf(Date);
  });
});
