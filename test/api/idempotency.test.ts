import { deleteExpiredIdempotencyKeys } from '../../src/db/queries/idempotency';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/api/middleware/idempotency';
import { idempotencyKeys, jobs, usageLedger } from '../../src/db/schema';
import type { Scope } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { startWeb, type WebServer } from '../../src/roles/web';
import { SCHEDULES } from '../../src/workers/schedules';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { makeCsv } from '../support/document-fixtures';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { uploadForm } from '../files/helpers';

// The main service answers over real HTTP (the web role's server on loopback); the two short-lived ones
// below go through `app.request`.
let svc: TestService;
let web: WebServer;
let workers: WorkerSet;
beforeAll(async () => {
  const local = await startTestService();
  web = await startWeb(local.rt, 0);
  svc = { ...local, app: { request: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${web.port}${path}`, init) } as TestService['app'] };
  // No maintenance queue: its stale-job sweeper would take other test files' rows (one database for the
  // whole run) into this file's Redis and leave them claimed when this file ends.
  workers = await startWorkers(svc.rt, { queues: ['text', 'files'] });
});
afterAll(async () => {
  await workers?.close(5_000);
  await web?.close();
  await svc?.close();
});

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const GENERATE = '/v1/text/generate';
const body = (prompt: string) => ({ prompt, max_tokens: 40 });
const post = async (on: TestService, account: Account, key: string | null, payload: object, path = GENERATE): Promise<Response> =>
  on.app.request(path, jsonRequest(payload, key === null ? account.auth : { ...account.auth, 'Idempotency-Key': key }));

async function answer(res: Response) {
  return { status: res.status, body: await res.text(), replayed: res.headers.get('Idempotent-Replayed') };
}

async function countRows(on: TestService, accountId: string) {
  const [j] = await on.rt.db.select({ n: count() }).from(jobs).where(eq(jobs.accountId, accountId));
  const [u] = await on.rt.db.select({ n: count() }).from(usageLedger).where(eq(usageLedger.accountId, accountId));
  return { jobs: j!.n, ledger: u!.n };
}

const keyRow = async (on: TestService, accountId: string, key: string) =>
  (
    await on.rt.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
  )[0];

describe('Idempotency-Key on POST /v1', () => {
  it('20 identical concurrent requests with one key do the work once; every answer is the first or 409', async () => {
    const account = await createTestAccount(svc.rt);
    const key = 'concurrent-1';
    const payload = body('the tides and the moon');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(svc, account, key, payload).then(answer)));

    const ran = answers.filter((a) => a.status === 200 && a.replayed === null);
    expect(ran).toHaveLength(1);
    const first = ran[0]!;
    for (const a of answers) {
      if (a.status === 409) expect(JSON.parse(a.body).error.code).toBe('idempotency_key_in_use');
      else expect({ status: a.status, body: a.body }).toEqual({ status: first.status, body: first.body });
    }
    expect(await countRows(svc, account.accountId)).toEqual({ jobs: 1, ledger: 1 });

    // Later: a replay, marked, with its own request id and rate-limit headers, and still one job.
    const later = await post(svc, account, key, payload);
    expect(later.status).toBe(200);
    expect(later.headers.get('Idempotent-Replayed')).toBe('true');
    expect(later.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(later.headers.get('RateLimit-Remaining')).not.toBeNull();
    expect(later.headers.get('X-Request-Id')).toBeTruthy();
    expect(await later.text()).toBe(first.body);
    expect(await countRows(svc, account.accountId)).toEqual({ jobs: 1, ledger: 1 });
    const usage = await (await svc.app.request('/v1/usage', { headers: account.auth })).json();
    expect(usage.usage.text_tokens).toBe(JSON.parse(first.body).tokens_used);
  });

  it('the same key with another request is 422 idempotency_key_reused; without a key nothing is remembered', async () => {
    const account = await createTestAccount(svc.rt);
    expect((await post(svc, account, 'reuse-1', body('river deltas'))).status).toBe(200);
    const other = await post(svc, account, 'reuse-1', body('mountain glaciers'));
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe('idempotency_key_reused');
    const otherPath = await post(svc, account, 'reuse-1', { prompt: 'river deltas', max_tokens: 40 }, '/v1/plagiarism/check');
    expect(otherPath.status).toBe(422);
    expect((await post(svc, account, null, body('river deltas'))).status).toBe(200);
    expect((await post(svc, account, null, body('river deltas'))).headers.get('Idempotent-Replayed')).toBeNull();
    expect((await countRows(svc, account.accountId)).jobs).toBe(3);
  });

  it('a key is the account’s own: another account with the same key string runs its own request', async () => {
    const a = await createTestAccount(svc.rt);
    const b = await createTestAccount(svc.rt);
    const ra = await post(svc, a, 'shared-key', body('coral reefs'));
    const rb = await post(svc, b, 'shared-key', body('desert winds'));
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await rb.json()).id).not.toBe((await ra.json()).id);
    expect(await countRows(svc, b.accountId)).toEqual({ jobs: 1, ledger: 1 });
  });

  it('keeps final 4xx answers and replays them; a 429 is not kept', async () => {
    const account = await createTestAccount(svc.rt);
    const bad = await post(svc, account, 'bad-1', { prompt: 'x', max_tokens: -3 });
    expect(bad.status).toBe(400);
    const again = await post(svc, account, 'bad-1', { prompt: 'x', max_tokens: -3 });
    expect(again.status).toBe(400);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await bad.text());

    const limited = await createTestAccount(svc.rt, 'business', 1);
    expect((await post(svc, limited, null, body('first'))).status).toBe(200);
    const refused = await post(svc, limited, 'limited-1', body('second'));
    expect(refused.status).toBe(429);
    expect(await keyRow(svc, limited.accountId, 'limited-1')).toBeUndefined();
  });

  it('validates the header: 1 to 255 printable ASCII characters', async () => {
    const account = await createTestAccount(svc.rt);
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'clé-ünicode']) {
      const res = await svc.app.request(GENERATE, {
        method: 'POST',
        headers: new Headers([...Object.entries(account.auth), ['Content-Type', 'application/json'], ['Idempotency-Key', key]]),
        body: JSON.stringify(body('anything')),
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe('invalid_parameter');
      expect(error.message).toContain('Idempotency-Key');
    }
    expect((await post(svc, account, `${'k'.repeat(254)}~`, body('long key'))).status).toBe(200);
    expect((await countRows(svc, account.accountId)).jobs).toBe(1);
  });

  it('a claim left by a process that died is taken over once past locked_until; a live one is 409', async () => {
    const account = await createTestAccount(svc.rt);
    const payload = body('stale claims');
    const hash = sha256('POST', GENERATE, JSON.stringify(payload));
    const claim = (key: string, lockedUntil: ReturnType<typeof sql>) =>
      svc.rt.db.insert(idempotencyKeys).values({
        accountId: account.accountId,
        apiKeyId: account.keyId,
        key,
        requestHash: hash,
        status: 'in_progress',
        lockedUntil,
        expiresAt: sql`now() + interval '1 day'`,
      });
    await claim('live', sql`now() + interval '1 minute'`);
    const busy = await post(svc, account, 'live', payload);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('Retry-After')).toBe('1');
    expect((await busy.json()).error.code).toBe('idempotency_key_in_use');

    await claim('stale', sql`now() - interval '1 second'`);
    const taken = await post(svc, account, 'stale', payload);
    expect(taken.status).toBe(200);
    expect(taken.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await keyRow(svc, account.accountId, 'stale'))?.status).toBe('done');
    expect((await post(svc, account, 'stale', payload)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await countRows(svc, account.accountId)).toEqual({ jobs: 1, ledger: 1 });
  });

  it('an upload is identified by its file, not by its multipart boundary', async () => {
    const account = await createTestAccount(svc.rt);
    const csv = makeCsv(['city', 'people'], [['Lyon', 522_000]]);
    const send = (data: Buffer, name = 'cities.csv') =>
      svc.app.request('/v1/file/upload', { method: 'POST', headers: { ...account.auth, 'Idempotency-Key': 'upload-1' }, body: uploadForm(data, name) });
    const first = await send(csv);
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await send(csv);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect((await send(makeCsv(['city', 'people'], [['Nantes', 320_000]]))).status).toBe(422);
    expect((await countRows(svc, account.accountId)).jobs).toBe(1);
  });

  it('expired keys are swept by what the hourly idempotency.sweep-expired job runs', async () => {
    expect(SCHEDULES.map((s) => s.name)).toContain('idempotency.sweep-expired');
    const account = await createTestAccount(svc.rt);
    const row = (key: string, expiresAt: ReturnType<typeof sql>) => ({
      accountId: account.accountId,
      apiKeyId: account.keyId,
      key,
      requestHash: 'h',
      status: 'done' as const,
      lockedUntil: sql`now()`,
      expiresAt,
    });
    await svc.rt.db.insert(idempotencyKeys).values([row('old', sql`now() - interval '1 minute'`), row('fresh', sql`now() + interval '1 day'`)]);
    expect(await deleteExpiredIdempotencyKeys(svc.rt.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(svc, account.accountId, 'old')).toBeUndefined();
    expect(await keyRow(svc, account.accountId, 'fresh')).toBeDefined();
  });

  it('documents the header on every POST under /v1, the replay header and the two refusals', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    // A keyless POST (a deploy hook's URL, `security: []`) runs ahead of the middleware, so it has no key to document.
    const keyless = Object.entries(doc.paths as Record<string, any>).filter(([, item]) => item.post?.security?.length === 0);
    expect(keyless.map(([path]) => path)).toEqual(['/v1/hosting/hooks/{hook_id}/{secret}']);
    for (const [path, item] of keyless) expect(item.post.parameters ?? [], path).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    const posts = Object.entries(doc.paths as Record<string, any>).filter(
      ([path, item]) => path.startsWith('/v1/') && item.post && item.post.security?.length !== 0,
    );
    expect(posts.length).toBeGreaterThan(5);
    for (const [path, item] of posts) {
      expect(item.post.parameters, path).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(Object.keys(item.post.responses), path).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(doc.paths[GENERATE].post.responses['200'].headers['Idempotent-Replayed']).toBeDefined();
    expect(doc.paths['/v1/usage'].get.parameters ?? []).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
  });
});

describe('Idempotency-Key and API keys: the scope is checked first, and answers are kept per API key', () => {
  /** Another key of the account, with the given scopes. */
  const keyOf = async (account: Account, scopes: Scope[] | null) => {
    const key = await createApiKey(svc.rt.db, { accountId: account.accountId, label: `scoped ${scopes?.join(',') ?? 'all'}`, scopes });
    return { ...account, keyId: key.id, auth: { Authorization: `Bearer ${key.key}` } };
  };
  const rowsOf = async (accountId: string, key: string) =>
    svc.rt.db
      .select({ apiKeyId: idempotencyKeys.apiKeyId, status: idempotencyKeys.responseStatus })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));

  it("a usage-only key replaying a text key's Idempotency-Key gets 403, not the text", async () => {
    const textKey = await keyOf(await createTestAccount(svc.rt), ['text']);
    const usageOnly = await keyOf(textKey, ['usage']);
    const payload = body('the secret recipe of the house');
    const first = await post(svc, textKey, 'stolen-1', payload);
    expect(first.status).toBe(200);
    const generated = (await first.json()).text as string;
    expect(generated.length).toBeGreaterThan(0);

    const stolen = await post(svc, usageOnly, 'stolen-1', payload);
    expect(stolen.status).toBe(403);
    expect(stolen.headers.get('Idempotent-Replayed')).toBeNull();
    const text = await stolen.text();
    expect(JSON.parse(text).error).toMatchObject({ code: 'forbidden', message: 'This key is limited to usage; this endpoint needs the text scope.' });
    expect(text).not.toContain(generated);
    // The text key still gets its own answer back.
    expect((await post(svc, textKey, 'stolen-1', payload)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await rowsOf(textKey.accountId, 'stolen-1')).toEqual([{ apiKeyId: textKey.keyId, status: 200 }]);
  });

  it("a narrow key claiming an Idempotency-Key first does not spoil the real key's request", async () => {
    const textKey = await keyOf(await createTestAccount(svc.rt), ['text']);
    const narrow = await keyOf(textKey, ['image']);
    const payload = body('lighthouses at dusk');
    // Sequential and concurrent: the narrow key's 403s are neither stored nor holding the key.
    for (let i = 0; i < 3; i++) expect((await post(svc, narrow, 'claimed-1', payload)).status).toBe(403);
    expect(await rowsOf(textKey.accountId, 'claimed-1')).toEqual([]);
    const [real, ...refused] = await Promise.all([
      post(svc, textKey, 'claimed-1', payload),
      ...Array.from({ length: 5 }, () => post(svc, narrow, 'claimed-1', payload)),
    ]);
    expect(real!.status).toBe(200);
    expect(real!.headers.get('Idempotent-Replayed')).toBeNull();
    for (const r of refused) expect(r.status).toBe(403);
    expect(await rowsOf(textKey.accountId, 'claimed-1')).toEqual([{ apiKeyId: textKey.keyId, status: 200 }]);
    expect(await countRows(svc, textKey.accountId)).toEqual({ jobs: 1, ledger: 1 });
  });

  it('another key of the account with the same Idempotency-Key runs its own request (Stripe: the same key must be used)', async () => {
    const a = await keyOf(await createTestAccount(svc.rt), ['text']);
    const b = await keyOf(a, null);
    const payload = body('orchards in winter');
    const ra = await post(svc, a, 'twin-1', payload);
    const rb = await post(svc, b, 'twin-1', payload);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(rb.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await rb.json()).id).not.toBe((await ra.json()).id);
    // Nor is another key's different request a 422: each key's entry is its own.
    expect((await post(svc, b, 'twin-1', body('another request'))).status).toBe(422);
    expect((await post(svc, a, 'twin-1', payload)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await countRows(svc, a.accountId)).toEqual({ jobs: 2, ledger: 2 });
  });

  it('a 403 for a product the plan lacks is not stored either', async () => {
    const free = await createTestAccount(svc.rt, 'free');
    const request = jsonRequest({ text: 'hello there', voice: 'alloy' }, { ...free.auth, 'Idempotency-Key': 'upgrade-1' });
    const refused = await svc.app.request('/v1/voice/synthesize', request);
    expect(refused.status).toBe(403);
    expect(await rowsOf(free.accountId, 'upgrade-1')).toEqual([]);
  });
});

describe('Idempotency-Key while the work is still running', () => {
  it('a repeat during the first request is 409 with Retry-After, and after it a replay', async () => {
    // No workers at first: the first request waits for its job, holding the key.
    const slow = await startTestService();
    let late: WorkerSet | undefined;
    try {
      const account = await createTestAccount(slow.rt);
      const payload = body('waiting rooms');
      const first = post(slow, account, 'inflight-1', payload).then(answer);
      await until('the first request to claim its key', async () => (await keyRow(slow, account.accountId, 'inflight-1'))?.status === 'in_progress');
      const busy = await post(slow, account, 'inflight-1', payload);
      expect(busy.status).toBe(409);
      expect(busy.headers.get('Retry-After')).toBe('1');
      expect((await busy.json()).error.code).toBe('idempotency_key_in_use');

      late = await startWorkers(slow.rt, { queues: ['text'] });
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await post(slow, account, 'inflight-1', payload).then(answer);
      expect(replay).toEqual({ ...done, replayed: 'true' });
      expect(await countRows(slow, account.accountId)).toEqual({ jobs: 1, ledger: 1 });
    } finally {
      await late?.close(5_000);
      await slow.close();
    }
  });

  it('a 202 (no worker within SYNC_TIMEOUT_MS) replays the same job id', async () => {
    const quick = await startTestService({}, testConfig(testEnv({ SYNC_TIMEOUT_MS: '100' })));
    try {
      const account = await createTestAccount(quick.rt);
      const payload = body('slow boats');
      const first = await post(quick, account, 'accepted-1', payload);
      expect(first.status).toBe(202);
      const job = await first.json();
      expect(job.status).toBe('processing');
      const again = await post(quick, account, 'accepted-1', payload);
      expect(again.status).toBe(202);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(again.headers.get('Location')).toBe(`/v1/jobs/${job.id}`);
      expect((await again.json()).id).toBe(job.id);
      expect((await countRows(quick, account.accountId)).jobs).toBe(1);
    } finally {
      await quick.close();
    }
  });
});
