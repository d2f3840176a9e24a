import { createCanvas } from '@napi-rs/canvas';
import type { Job } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBillingPeriod } from '../../src/billing/period';
import { findJob, insertJob } from '../../src/db/queries/jobs';
import { reserveUsage } from '../../src/db/queries/usage';
import { billUsage } from '../../src/billing/bill-usage';
import { usageLedger, usageReservations, usageTotals } from '../../src/db/schema';
import { newId } from '../../src/ids';
import { generateImages } from '../../src/workers/processors/image-generate';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

// Images come from a loopback OpenAI-compatible server: a prompt starting "refuse" is refused (the job
// fails with 502 upstream_error), one starting "twice" is answered only once two calls for it are waiting.
const png = (() => {
  const canvas = createCanvas(64, 64);
  canvas.getContext('2d').fillRect(0, 0, 64, 64);
  return canvas.toBuffer('image/png').toString('base64');
})();

let fake: FakeApi;
let svc: TestService;
let workers: WorkerSet;
const heldTwice: (() => void)[] = [];

beforeAll(async () => {
  fake = await startFakeApi<{ prompt: string }>('/images/generations', ({ body }, res) => {
    const answer = () => sendJson(res, 200, { created: 1, data: [{ b64_json: png }] });
    if (body.prompt.startsWith('refuse')) return sendJson(res, 400, { error: { message: 'rejected by the safety system', type: 'invalid_request_error' } });
    if (!body.prompt.startsWith('twice')) return answer();
    heldTwice.push(answer);
    if (heldTwice.length === 2) for (const release of heldTwice.splice(0)) release();
  });
  svc = await startTestService({ IMAGE_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test' });
  workers = await startWorkers(svc.rt, { queues: ['image'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
  await fake.close();
});

async function freeAccountWithImagesUsed(used: number) {
  const account = await createTestAccount(svc.rt, 'free');
  await svc.rt.db.transaction((tx) =>
    billUsage(tx, {
      accountId: account.accountId,
      keyId: null,
      product: null,
      metric: 'images_generated',
      quantity: used,
      sourceId: `seed_${account.accountId}`,
      periodKey: currentBillingPeriod().key,
    }),
  );
  return account;
}

/** The period's images row: billed and held. */
async function imagesRow(accountId: string) {
  const [row] = await svc.rt.db
    .select({ total: usageTotals.total, reserved: usageTotals.reserved })
    .from(usageTotals)
    .where(and(eq(usageTotals.accountId, accountId), eq(usageTotals.periodStart, currentBillingPeriod().key), eq(usageTotals.metric, 'images_generated')));
  return { total: Number(row!.total), reserved: Number(row!.reserved) };
}

const generate = (auth: Record<string, string>, prompt: string, count: number) =>
  svc.app.request('/v1/image/generate', jsonRequest({ prompt, size: '512x512', count }, auth));

describe('a plan quota under concurrent requests', () => {
  it('20 parallel requests of 4 images with 4 of 25 used: 5 are accepted, 15 refused, and 24 images billed', async () => {
    const { accountId, auth } = await freeAccountWithImagesUsed(4);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(auth, `a lighthouse ${i}`, 4)));
    const accepted = answers.filter((r) => r.status === 200 || r.status === 202);
    const refused = answers.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(5); // floor((25 - 4) / 4)
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      const body = await r.json();
      expect(body.error.code).toBe('quota_exceeded');
      expect(body.error.message).toMatch(/needs 4 images but the free plan has [01] of 25 left/);
    }
    const ids = await Promise.all(accepted.map(async (r) => ((await r.json()) as { id: string }).id));
    await until('every accepted job to finish', async () =>
      (await Promise.all(ids.map((id) => findJob(svc.rt.db, id)))).every((j) => j?.status === 'succeeded'),
    );
    expect(await imagesRow(accountId)).toEqual({ total: 24, reserved: 0 });
    const usage = await (await svc.app.request('/v1/usage', { headers: auth })).json();
    expect(usage.usage.images_generated).toBe(24);
    // The one image left is still there to use.
    expect((await generate(auth, 'one more', 1)).status).toBe(200);
    expect((await generate(auth, 'and another', 1)).status).toBe(429);
  });

  it('a job that fails gives back what it held: the quota it blocked is usable again and nothing is billed', async () => {
    const { accountId, auth } = await freeAccountWithImagesUsed(21);
    const failed = await generate(auth, 'refuse this one', 4);
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('upstream_error');
    expect(await imagesRow(accountId)).toEqual({ total: 21, reserved: 0 });
    // While a request holds the last 4, another asking for them is refused; once it fails they are free.
    expect((await generate(auth, 'a quiet harbour', 4)).status).toBe(200);
    expect(await imagesRow(accountId)).toEqual({ total: 25, reserved: 0 });
  });

  it('a job run twice at once (a redelivery while the first run is still working) bills once and releases once', async () => {
    const { accountId } = await freeAccountWithImagesUsed(0);
    const id = newId('img');
    await svc.rt.db.transaction(async (tx) => {
      const periodKey = currentBillingPeriod().key;
      expect(await reserveUsage(tx, { accountId, metric: 'images_generated', quantity: 2, quota: 25, sourceId: id, periodKey })).toBeNull();
      await insertJob(tx, {
        id,
        accountId,
        keyId: null,
        kind: 'image.generate',
        input: { prompt: 'twice the boats', style: 'photorealistic', size: '512x512', count: 2 },
      });
    });
    expect(await imagesRow(accountId)).toEqual({ total: 0, reserved: 2 });
    // Both runs claim the row before either finishes: the fake answers neither until both have asked.
    const run = () => generateImages({ rt: svc.rt, job: { attemptsMade: 0, opts: {} } as Job, log: svc.rt.log }, { id });
    await Promise.all([run(), run()]);
    expect((await findJob(svc.rt.db, id))!.status).toBe('succeeded');
    expect(await imagesRow(accountId)).toEqual({ total: 2, reserved: 0 });
    expect(await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, id))).toHaveLength(1);
    expect(await svc.rt.db.select().from(usageReservations).where(eq(usageReservations.sourceId, id))).toEqual([]);
  });
});
