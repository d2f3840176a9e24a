import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBillingPeriod } from '../../src/billing/period';
import { createApiKey } from '../../src/accounts/create-api-key';
import { billUsage } from '../../src/billing/bill-usage';
import { USAGE_METRICS, type UsageMetric } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { signedInClient } from '../support/dashboard';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let workers: WorkerSet;
beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['text', 'image'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

type Usage = Record<UsageMetric, number>;
interface Report {
  period_start: string;
  period_end: string;
  usage: Usage;
  breakdown?: { usage: Usage; [field: string]: unknown }[];
}

async function usage(auth: Record<string, string>, query = ''): Promise<Report> {
  const res = await svc.app.request(`/v1/usage${query}`, { headers: auth });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET /v1/usage${query} answered ${res.status}: ${JSON.stringify(body)}`);
  return body as Report;
}

/** Each metric summed over the breakdown's entries. */
function sumOf(breakdown: { usage: Usage }[]): Usage {
  const sum = Object.fromEntries(USAGE_METRICS.map((m) => [m, 0])) as Usage;
  for (const entry of breakdown) for (const m of USAGE_METRICS) sum[m] += entry.usage[m];
  return sum;
}

async function post(path: string, auth: Record<string, string>, body: object): Promise<{ id: string; [field: string]: unknown }> {
  const res = await svc.app.request(path, jsonRequest(body, auth));
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** An account with two keys, the second made as an operator would with the CLI. */
async function accountWithTwoKeys() {
  const first = await createTestAccount(svc.rt);
  const second = await createApiKey(svc.rt.db, { accountId: first.accountId, label: 'second key' });
  return { accountId: first.accountId, first, second: { keyId: second.id, prefix: second.displayPrefix, auth: { Authorization: `Bearer ${second.key}` } } };
}

const zero: Usage = { text_tokens: 0, images_generated: 0, audio_seconds: 0, file_chats: 0, plagiarism_checks: 0 };

describe('GET /v1/usage?group_by=…, billed through the real path', () => {
  it('splits the totals by day, key and product, each adding up to the plain totals exactly', async () => {
    const { accountId, first, second } = await accountWithTwoKeys();
    const t1 = await post('/v1/text/generate', first.auth, { prompt: 'the tides of the north sea', max_tokens: 40 });
    const t2 = await post('/v1/text/generate', second.auth, { prompt: 'owls at night', max_tokens: 30 });
    const t3 = await post('/v1/text/generate', first.auth, { prompt: 'bread and salt', max_tokens: 20 });
    const i1 = await post('/v1/image/generate', second.auth, { prompt: 'a lighthouse', size: '512x512', count: 2 });
    const i2 = await post('/v1/image/generate', first.auth, { prompt: 'a boat', size: '512x512', count: 1 });
    const tokens = (r: Record<string, unknown>) => r.tokens_used as number;

    const plain = await usage(first.auth);
    expect(Object.keys(plain).sort()).toEqual(['hosting', 'limits', 'period_end', 'period_start', 'plan', 'rate_limit', 'storage', 'usage']);
    expect(plain.usage).toEqual({ ...zero, text_tokens: tokens(t1) + tokens(t2) + tokens(t3), images_generated: 3 });

    const byKey = await usage(first.auth, '?group_by=key');
    expect(byKey.period_start).toBe(plain.period_start);
    expect(byKey.period_end).toBe(plain.period_end);
    expect(byKey.usage).toEqual(plain.usage);
    expect(byKey.breakdown).toEqual([
      {
        key_id: first.keyId,
        label: 'test',
        prefix: first.key.slice(0, 11),
        usage: { ...zero, text_tokens: tokens(t1) + tokens(t3), images_generated: 1 },
      },
      { key_id: second.keyId, label: 'second key', prefix: second.prefix, usage: { ...zero, text_tokens: tokens(t2), images_generated: 2 } },
    ]);
    expect(sumOf(byKey.breakdown!)).toEqual(plain.usage);

    const byProduct = await usage(second.auth, '?group_by=product');
    expect(byProduct.usage).toEqual(plain.usage);
    expect(byProduct.breakdown).toEqual([
      { product: 'text', usage: { ...zero, text_tokens: plain.usage.text_tokens } },
      { product: 'image', usage: { ...zero, images_generated: 3 } },
    ]);
    expect(sumOf(byProduct.breakdown!)).toEqual(plain.usage);

    const byDay = await usage(first.auth, '?group_by=day');
    expect(byDay.usage).toEqual(plain.usage);
    const period = currentBillingPeriod();
    const today = new Date().toISOString().slice(0, 10);
    const dates = byDay.breakdown!.map((d) => d.date as string);
    // Every day of the period so far, in order, zeros included.
    expect(dates[0]).toBe(period.startIso.slice(0, 10));
    expect(dates.at(-1)).toBe(today);
    expect(dates).toHaveLength(Number(today.slice(8, 10)));
    for (const [i, date] of dates.entries()) expect(date).toBe(new Date(period.start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
    for (const entry of byDay.breakdown!) expect(Object.keys(entry.usage).sort()).toEqual([...USAGE_METRICS].sort());
    expect(sumOf(byDay.breakdown!)).toEqual(plain.usage);

    // The request rows keep the key they came with; the worker filed each bill under that key and the kind's product.
    const jobs = await svc.rt.database.sql`SELECT id, key_id FROM jobs WHERE account_id = ${accountId} ORDER BY id`;
    expect(Object.fromEntries(jobs.map((j) => [j.id, j.key_id]))).toEqual({
      [t1.id]: first.keyId,
      [t2.id]: second.keyId,
      [t3.id]: first.keyId,
      [i1.id]: second.keyId,
      [i2.id]: first.keyId,
    });
    const ledger = await svc.rt.database.sql`SELECT source_id, key_id, product, metric, quantity FROM usage_ledger WHERE account_id = ${accountId}`;
    expect(Object.fromEntries(ledger.map((r) => [r.source_id, [r.key_id, r.product, r.metric, Number(r.quantity)]]))).toEqual({
      [t1.id]: [first.keyId, 'text', 'text_tokens', tokens(t1)],
      [t2.id]: [second.keyId, 'text', 'text_tokens', tokens(t2)],
      [t3.id]: [first.keyId, 'text', 'text_tokens', tokens(t3)],
      [i1.id]: [second.keyId, 'image', 'images_generated', 2],
      [i2.id]: [first.keyId, 'image', 'images_generated', 1],
    });
  });

  it("never shows another account's usage or keys", async () => {
    const mine = await accountWithTwoKeys();
    const theirs = await createTestAccount(svc.rt);
    const period = currentBillingPeriod();
    await svc.rt.db.transaction(async (tx) => {
      await billUsage(tx, {
        accountId: mine.accountId,
        keyId: mine.second.keyId,
        product: 'voice',
        metric: 'audio_seconds',
        quantity: 42,
        sourceId: newId('tts'),
        periodKey: period.key,
      });
      await billUsage(tx, {
        accountId: theirs.accountId,
        keyId: theirs.keyId,
        product: 'voice',
        metric: 'audio_seconds',
        quantity: 1000,
        sourceId: newId('tts'),
        periodKey: period.key,
      });
      await billUsage(tx, {
        accountId: theirs.accountId,
        keyId: theirs.keyId,
        product: 'files',
        metric: 'file_chats',
        quantity: 7,
        sourceId: newId('chat'),
        periodKey: period.key,
      });
    });
    const expected = { ...zero, audio_seconds: 42 };
    expect((await usage(mine.first.auth)).usage).toEqual(expected);
    const byKey = await usage(mine.first.auth, '?group_by=key');
    expect(byKey.breakdown).toEqual([{ key_id: mine.second.keyId, label: 'second key', prefix: mine.second.prefix, usage: expected }]);
    expect(JSON.stringify(byKey)).not.toContain(theirs.keyId);
    expect((await usage(mine.first.auth, '?group_by=product')).breakdown).toEqual([{ product: 'voice', usage: expected }]);
    expect(sumOf((await usage(mine.first.auth, '?group_by=day')).breakdown!)).toEqual(expected);

    const theirsByKey = await usage(theirs.auth, '?group_by=key');
    expect(theirsByKey.breakdown).toEqual([
      { key_id: theirs.keyId, label: 'test', prefix: theirs.key.slice(0, 11), usage: { ...zero, audio_seconds: 1000, file_chats: 7 } },
    ]);
  });

  it('files usage billed without a key or product under null, "before keys were recorded"', async () => {
    const { accountId, auth, keyId, key } = await createTestAccount(svc.rt);
    const period = currentBillingPeriod();
    await svc.rt.db.transaction(async (tx) => {
      await billUsage(tx, { accountId, keyId: null, product: null, metric: 'text_tokens', quantity: 500, sourceId: newId('gen'), periodKey: period.key });
      await billUsage(tx, { accountId, keyId, product: 'text', metric: 'text_tokens', quantity: 25, sourceId: newId('gen'), periodKey: period.key });
    });
    const byKey = await usage(auth, '?group_by=key');
    expect(byKey.usage).toEqual({ ...zero, text_tokens: 525 });
    expect(byKey.breakdown).toEqual([
      { key_id: keyId, label: 'test', prefix: key.slice(0, 11), usage: { ...zero, text_tokens: 25 } },
      { key_id: null, label: null, prefix: null, usage: { ...zero, text_tokens: 500 } },
    ]);
    expect((await usage(auth, '?group_by=product')).breakdown).toEqual([
      { product: 'text', usage: { ...zero, text_tokens: 25 } },
      { product: null, usage: { ...zero, text_tokens: 500 } },
    ]);
  });

  it('adds up to the totals in every answer while jobs are being billed', async () => {
    const { accountId, auth, keyId } = await createTestAccount(svc.rt);
    const period = currentBillingPeriod();
    const groupings = ['day', 'key', 'product'];
    for (let round = 0; round < 30; round++) {
      const bill = svc.rt.db.transaction(async (tx) => {
        await billUsage(tx, { accountId, keyId, product: 'image', metric: 'images_generated', quantity: 1, sourceId: newId('img'), periodKey: period.key });
        await billUsage(tx, { accountId, keyId: null, product: 'text', metric: 'text_tokens', quantity: 3, sourceId: newId('gen'), periodKey: period.key });
      });
      const [, ...reports] = await Promise.all([bill, ...groupings.map((g) => usage(auth, `?group_by=${g}`))]);
      for (const report of reports) expect(sumOf(report.breakdown!)).toEqual(report.usage);
    }
    expect((await usage(auth, '?group_by=key')).usage).toEqual({ ...zero, images_generated: 30, text_tokens: 90 });
  });
});

describe('group_by validation and the plain report', () => {
  it('refuses an unknown, empty or repeated group_by with 400 invalid_parameter naming the allowed values', async () => {
    const { auth } = await createTestAccount(svc.rt);
    for (const query of ['?group_by=month', '?group_by=', '?group_by=DAY', '?group_by=day&group_by=key', '?group_by=day,key']) {
      const res = await svc.app.request(`/v1/usage${query}`, { headers: auth });
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toBe("'group_by' must be one of day, key, product.");
    }
    expect((await svc.app.request('/v1/usage?group_by=month')).status).toBe(401);
    // Other parameters change nothing, as before.
    expect(Object.keys(await usage(auth, '?foo=bar')).sort()).toEqual([
      'hosting',
      'limits',
      'period_end',
      'period_start',
      'plan',
      'rate_limit',
      'storage',
      'usage',
    ]);
  });

  it('documents group_by and the breakdown in the OpenAPI document', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const op = doc.paths['/v1/usage'].get;
    const param = op.parameters.find((p: { name: string }) => p.name === 'group_by');
    expect(param).toMatchObject({ in: 'query', required: false, schema: { type: 'string', enum: ['day', 'key', 'product'] } });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    const text = JSON.stringify(op.responses['200']);
    for (const field of ['breakdown', 'date', 'key_id', 'prefix', 'product']) expect(text).toContain(`"${field}"`);
  });
});

describe('the dashboard overview', () => {
  it("shows the period's totals in the bars and today's use in the day table, read as group_by=day reads them", async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const period = currentBillingPeriod();
    await svc.rt.db.transaction(async (tx) => {
      await billUsage(tx, {
        accountId: user.accountId,
        keyId: null,
        product: 'text',
        metric: 'text_tokens',
        quantity: 1234,
        sourceId: newId('gen'),
        periodKey: period.key,
      });
      await billUsage(tx, {
        accountId: user.accountId,
        keyId: null,
        product: 'image',
        metric: 'images_generated',
        quantity: 3,
        sourceId: newId('img'),
        periodKey: period.key,
      });
    });
    expect((await client.get('/dashboard')).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const row = new RegExp(`<th scope="row">${today}</th>(.*?)</tr>`).exec(client.lastHtml)?.[1];
    expect(row).toContain('1,234 tokens');
    expect(row).toContain('3 images');
    expect(client.lastHtml).toMatch(/data-metric="text_tokens".*?1,234 tokens of/s);
  });
});
