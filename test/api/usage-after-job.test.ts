import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBillingPeriod } from '../../src/billing/period';
import { completeJob, insertJob } from '../../src/db/queries/jobs';
import { billUsage } from '../../src/billing/bill-usage';
import { newId } from '../../src/ids';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

const textTokens = async (auth: Record<string, string>) => {
  const res = await svc.app.request('/v1/usage', { headers: auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { usage: { text_tokens: number } }).usage.text_tokens;
};

describe('usage read right after a finished job', () => {
  // A worker bills and finishes a job in one transaction, then announces the usage change over Redis. A
  // caller polling the job can see it finished before its API process hears that message (or if the message
  // is lost): its next usage read must count the job anyway. Here the announcement never comes at all.
  it('counts the job once GET /v1/jobs/{id} has answered it, even if the usage message never arrives', async () => {
    const { accountId, auth } = await createTestAccount(svc.rt, 'free');
    const id = newId('gen');
    await insertJob(svc.rt.db, { id, accountId, keyId: null, kind: 'text.generate', input: { prompt: 'x' } });
    // Reading usage now caches the account's (empty) totals in this process.
    expect(await textTokens(auth)).toBe(0);

    await svc.rt.db.transaction(async (tx) => {
      await billUsage(tx, {
        accountId,
        keyId: null,
        product: 'text',
        metric: 'text_tokens',
        quantity: 42,
        sourceId: id,
        periodKey: currentBillingPeriod().key,
      });
      await completeJob(tx, id, { id, text: 'done', tokens_used: 42 });
    });

    const job = await svc.app.request(`/v1/jobs/${id}`, { headers: auth });
    expect(job.status).toBe(200);
    expect(await textTokens(auth)).toBe(42);
  });
});
