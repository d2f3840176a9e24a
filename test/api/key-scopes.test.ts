import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Scope } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { insertJob } from '../../src/db/queries/jobs';
import { newId } from '../../src/ids';
import { cli } from '../support/cli';
import { jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

const env = testEnv();
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({}, testConfig(env));
});
afterAll(() => svc.close());

/** A business account (every product) and one key with the given settings. */
async function keyWith(settings: { scopes?: Scope[] | null; expiresAt?: Date | null; rateLimitPerMinute?: number | null }, accountLimit?: number) {
  const account = await createAccount(svc.rt.db, { name: 'scoped', planId: 'business', rateLimitOverride: accountLimit });
  const key = await createApiKey(svc.rt.db, { accountId: account.id, label: 'scoped', ...settings });
  return { accountId: account.id, keyId: key.id, auth: { Authorization: `Bearer ${key.key}` } };
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('scopes', () => {
  it('answers products in scope, and 403 naming the missing scope for the others', async () => {
    const { auth } = await keyWith({ scopes: ['files', 'usage'] });
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    expect((await svc.app.request('/v1/files', { headers: auth })).status).toBe(200);

    const image = await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'a tree' }, auth));
    expect(image.status).toBe(403);
    expect(await errorOf(image)).toMatchObject({ code: 'forbidden', message: 'This key is limited to files, usage; this endpoint needs the image scope.' });
    const voices = await svc.app.request('/v1/voices', { headers: auth });
    expect(voices.status).toBe(403);
    expect((await errorOf(voices)).message).toContain('needs the voice scope');
  });

  it('a key with no scopes set (null) calls every product of the plan', async () => {
    const { auth } = await keyWith({ scopes: null });
    expect((await svc.app.request('/v1/voices', { headers: auth })).status).toBe(200);
    expect((await svc.app.request('/v1/files', { headers: auth })).status).toBe(200);
  });

  it("a job is read by any of the account's keys whose scopes include the job's product", async () => {
    const owner = await keyWith({ scopes: ['image'] });
    const textOnly = await createApiKey(svc.rt.db, { accountId: owner.accountId, label: 'text only', scopes: ['text', 'usage'] });
    const id = newId('img');
    await insertJob(svc.rt.db, { id, accountId: owner.accountId, keyId: null, kind: 'image.generate', input: {} });
    expect((await svc.app.request(`/v1/jobs/${id}`, { headers: owner.auth })).status).toBe(202);
    const refused = await svc.app.request(`/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${textOnly.key}` } });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('This key is limited to text, usage; this endpoint needs the image scope.');
  });
});

/** Every /v1 operation the OpenAPI document lists that takes an API key, with its path's parameters filled in. */
async function keyedOperations(): Promise<{ method: string; path: string }[]> {
  const doc = (await (await svc.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, op]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method) && op.security?.length !== 0)
      .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{([a-z_]+)\}/g, (_, name: string) => `${name}_1`) })),
  );
}

/** A body (JSON) only where the method takes one. */
const requestOf = (method: string, auth: Record<string, string>, body: object): RequestInit =>
  method === 'GET' || method === 'DELETE' ? { method, headers: auth } : jsonRequest(body, auth, method);

describe('the webhooks scope', () => {
  it('a usage-only key gets 403 naming the webhooks scope on every /v1/webhooks route, an existing endpoint included', async () => {
    const { accountId, auth: all } = await keyWith({ scopes: null });
    const created = await svc.app.request('/v1/webhooks', jsonRequest({ url: 'https://example.com/hook' }, all));
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string };
    const usageOnly = { Authorization: `Bearer ${(await createApiKey(svc.rt.db, { accountId, label: 'usage', scopes: ['usage'] })).key}` };

    const routes = (await keyedOperations()).filter((op) => op.path.startsWith('/v1/webhooks'));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const { method, path } of routes) {
      const target = path.replace('id_1', endpoint.id);
      const res = await svc.app.request(target, requestOf(method, usageOnly, { url: 'https://attacker.example/x' }));
      expect(res.status, `${method} ${target}`).toBe(403);
      expect((await errorOf(res)).message, `${method} ${target}`).toBe('This key is limited to usage; this endpoint needs the webhooks scope.');
    }
    // Nothing changed: the endpoint still points where it did, and no other endpoint was added.
    const list = (await (await svc.app.request('/v1/webhooks', { headers: all })).json()) as { data: { id: string; url: string }[] };
    expect(list.data.map((e) => [e.id, e.url])).toEqual([[endpoint.id, 'https://example.com/hook']]);
  });

  it('a key with the webhooks scope (or none) manages endpoints; webhooks is named among the scopes in the 403 of others', async () => {
    const { auth } = await keyWith({ scopes: ['webhooks'] });
    const created = await svc.app.request('/v1/webhooks', jsonRequest({ url: 'https://example.com/hook' }, auth));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await svc.app.request(`/v1/webhooks/${id}`, jsonRequest({ url: 'https://example.com/other' }, auth, 'PATCH'))).status).toBe(200);
    const usage = await svc.app.request('/v1/usage', { headers: auth });
    expect(usage.status).toBe(403);
    expect((await errorOf(usage)).message).toBe('This key is limited to webhooks; this endpoint needs the usage scope.');
  });

  it('every route that takes an API key refuses a key limited to nothing it needs (jobs: by the job, so 404 first)', async () => {
    const { auth } = await keyWith({ scopes: [] });
    const operations = await keyedOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const { method, path } of operations) {
      const res = await svc.app.request(path, requestOf(method, auth, {}));
      // A job's scope is its product's, known once the job is found: an unknown job is 404 to any key.
      const expected = path.startsWith('/v1/jobs/') ? 404 : 403;
      expect(res.status, `${method} ${path}`).toBe(expected);
    }
  });
});

describe('expiry', () => {
  it('an expired key is 401 saying when it expired', async () => {
    const expiresAt = new Date(Date.now() - 60_000);
    const { auth } = await keyWith({ expiresAt });
    const res = await svc.app.request('/v1/usage', { headers: auth });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: 'unauthorized', message: `API key expired at ${expiresAt.toISOString()}; create a new key.` });
  });

  it('a key cached while valid is refused once its time passes, not a cache lifetime later', async () => {
    // Long enough for the first request to be served on any machine; the cache keeps entries for 60 s.
    const expiresAt = new Date(Date.now() + 3_000);
    const { auth } = await keyWith({ expiresAt });
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    expect(svc.rt.principals.peek(auth.Authorization.slice('Bearer '.length))?.expiresAt).toBe(expiresAt.getTime());
    await until('the key to expire', async () => Date.now() > expiresAt.getTime());
    const res = await svc.app.request('/v1/usage', { headers: auth });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toContain(expiresAt.toISOString());
  });

  it('an expiry set in the past in the database applies on the next request once the key is read again', async () => {
    const { auth, keyId } = await keyWith({ expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    await svc.rt.database.sql`UPDATE api_keys SET expires_at = now() - interval '1 minute' WHERE id = ${keyId}`;
    // An edit behind the app's back is seen when the entry is read again (evicted, or after its TTL).
    svc.rt.principals.evictKey((await svc.rt.database.sql`SELECT hash FROM api_keys WHERE id = ${keyId}`)[0]!.hash);
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(401);
  });
});

describe("a key's own rate limit", () => {
  it('holds the key to the lower of its limit and the account’s, and the account counts its requests too', async () => {
    const { accountId, auth } = await keyWith({ rateLimitPerMinute: 3 }, 100);
    for (let i = 0; i < 3; i++) {
      const res = await svc.app.request('/v1/usage', { headers: auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const refused = await svc.app.request('/v1/usage', { headers: auth });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');

    // Another key of the account is not held to it, and sees the account's allowance less those three.
    const other = await createApiKey(svc.rt.db, { accountId, label: 'unlimited' });
    const res = await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${other.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.headers.get('ratelimit-remaining')).toBe('96');
  });

  it('a key limit above the account’s changes nothing: the account’s applies', async () => {
    const { auth } = await keyWith({ rateLimitPerMinute: 500 }, 50);
    const res = await svc.app.request('/v1/usage', { headers: auth });
    expect(res.headers.get('ratelimit-limit')).toBe('50');
  });

  it('the account’s limit still applies when it is the lower one in a two-bucket decision', async () => {
    const { accountId, auth } = await keyWith({ rateLimitPerMinute: 5 }, 6);
    const other = { Authorization: `Bearer ${(await createApiKey(svc.rt.db, { accountId, label: 'other' })).key}` };
    for (let i = 0; i < 4; i++) expect((await svc.app.request('/v1/usage', { headers: other })).status).toBe(200);
    // Two left in the account, five in the key: the key gets two, then the account refuses it.
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(429);
  });
});

describe('CLI keys create and list', () => {
  it('creates a key with scopes, an expiry and a limit, and lists them without the key', async () => {
    const account = JSON.parse((await cli(['accounts', 'create', '--name', 'cli scopes', '--plan', 'business', '--json'], env)).stdout);
    const before = Date.now();
    const out = await cli(
      ['keys', 'create', '--account', account.id, '--label', 'ci', '--scopes', 'image, text', '--expires-in', '30d', '--rate-limit', '10', '--json'],
      env,
    );
    const after = Date.now();
    expect(out.code).toBe(0);
    const key = JSON.parse(out.stdout);
    expect(key.scopes).toEqual(['text', 'image']);
    expect(key.rate_limit_per_minute).toBe(10);
    // 30 days from the moment the CLI ran: between the clock read before and after it (ms rounding aside).
    const expires = Date.parse(key.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1);
    expect(expires).toBeLessThanOrEqual(after + 30 * 86_400_000 + 1);

    const at = '2099-01-31T12:00:00.000Z';
    const second = JSON.parse((await cli(['keys', 'create', '--account', account.id, '--label', 'plain', '--expires-at', at, '--json'], env)).stdout);
    expect(second).toMatchObject({ scopes: null, expires_at: at, rate_limit_per_minute: null });

    const human = await cli(['keys', 'create', '--account', account.id, '--label', 'human', '--scopes', 'usage'], env);
    expect(human.stdout).toContain("scopes: usage\nexpires_at: never\nrate_limit_per_minute: the account's\n");

    const listed = await cli(['keys', 'list', '--account', account.id, '--json'], env);
    expect(listed.stdout).not.toContain(key.key);
    const list = JSON.parse(listed.stdout).keys;
    expect(list.map((k: { label: string }) => k.label)).toEqual(['ci', 'plain', 'human']);
    expect(list[0]).toMatchObject({ scopes: ['text', 'image'], rate_limit_per_minute: 10, expires_at: key.expires_at, expired: false });

    await svc.rt.database.sql`UPDATE api_keys SET expires_at = now() - interval '1 day' WHERE id = ${second.id}`;
    const humanList = await cli(['keys', 'list', '--account', account.id], env);
    expect(humanList.stdout).toContain('scopes text, image  10/min  expires');
    expect(humanList.stdout).toMatch(/plain {2}scopes all {2}EXPIRED /);
    expect(humanList.stdout).not.toContain(key.key);

    const res = await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key.key}` } });
    expect(res.status).toBe(403);
  });

  it('refuses malformed scopes, expiry and limits with exit code 2 and words', async () => {
    const account = JSON.parse((await cli(['accounts', 'create', '--name', 'cli bad', '--plan', 'free', '--json'], env)).stdout);
    const cases: [string[], string][] = [
      [['--scopes', 'text,video'], 'Unknown scope "video"'],
      [['--scopes', ','], 'Choose at least one scope'],
      [['--expires-in', '30 days'], '--expires-in must be'],
      [['--expires-at', 'tomorrow'], '--expires-at must be an ISO-8601'],
      [['--expires-at', '2001-01-01'], 'is not in the future'],
      [['--expires-at', '2099-01-01', '--expires-in', '1d'], 'not both'],
      [['--rate-limit', '0'], '--rate-limit must be a whole number'],
    ];
    for (const [flags, message] of cases) {
      const out = await cli(['keys', 'create', '--account', account.id, '--label', 'x', ...flags, '--json'], env);
      expect(out.code, flags.join(' ')).toBe(2);
      expect(JSON.parse(out.stdout).error.message).toContain(message);
    }
    const rows = await svc.rt.database.sql`SELECT id FROM api_keys WHERE account_id = ${account.id}`;
    expect(rows).toHaveLength(0);
  });
});
