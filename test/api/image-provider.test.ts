import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob } from '../../src/db/queries/jobs';
import { usageLedger } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { badRequest, rateLimited, serverError } from '../support/fake-openai';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

/**
 * POST /v1/image/generate through IMAGE_PROVIDER=openai with dall-e-2 against the strict fake OpenAI server
 * (test/support/fake-openai.ts): the model draws only squares, so a tall or wide image is drawn square and
 * each image's `note` says so; 429 and 500 are retried by the queue, a 400 is not.
 */
const pngs = new Map<string, string>();
function pngOfSize(size: string): string {
  let png = pngs.get(size);
  if (!png) {
    const [w, h] = size.split('x').map(Number) as [number, number];
    const canvas = createCanvas(w, h);
    canvas.getContext('2d').fillRect(0, 0, w, h);
    png = canvas.toBuffer('image/png').toString('base64');
    pngs.set(size, png);
  }
  return png;
}

let fake: FakeApi;
let svc: TestService;
let workers: WorkerSet;
/** Calls per prompt, and when each arrived. */
const calls = new Map<string, number>();
const arrivals = new Map<string, number[]>();

beforeAll(async () => {
  fake = await startFakeApi<{ prompt: string; size: string }>('/images/generations', ({ body }, res) => {
    const prompt = body.prompt.split('\n')[0]!;
    const n = (calls.get(prompt) ?? 0) + 1;
    calls.set(prompt, n);
    arrivals.set(prompt, [...(arrivals.get(prompt) ?? []), Date.now()]);
    if (prompt.startsWith('busy for 3 s') && n === 1) return rateLimited(res, 3);
    if (prompt.startsWith('busy once') && n === 1) return rateLimited(res, 1);
    if (prompt.startsWith('broken once') && n === 1) return serverError(res);
    if (prompt.startsWith('refuse')) return badRequest(res, 'Your request was rejected as a result of our safety system.', null, 'content_policy_violation');
    sendJson(res, 200, { created: 1, data: [{ b64_json: pngOfSize(body.size) }] });
  });
  svc = await startTestService({ IMAGE_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_IMAGE_MODEL: 'dall-e-2' });
  workers = await startWorkers(svc.rt, { queues: ['image'] });
});
afterAll(async () => {
  await workers?.close(5_000);
  await svc?.close();
  await fake?.close();
});

interface ImageResult {
  id: string;
  images: Array<{ url: string; size: string; note?: string }>;
}

/** The finished job's result, whether the request answered at once or with 202. */
async function generated(auth: Record<string, string>, body: object): Promise<ImageResult> {
  const res = await svc.app.request('/v1/image/generate', jsonRequest(body, auth));
  const json = (await res.json()) as ImageResult;
  expect([200, 202], JSON.stringify(json)).toContain(res.status);
  if (res.status === 200) return json;
  await until('the image job to finish', async () => (await findJob(svc.rt.db, json.id))?.status === 'succeeded');
  return (await findJob(svc.rt.db, json.id))!.result as ImageResult;
}

describe('images from a provider model that draws other sizes', () => {
  it('each image is the size asked and its note says what the model drew', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const tall = await generated(auth, { prompt: 'a tall lighthouse', size: '1024x1792', count: 2 });
    expect(tall.images).toHaveLength(2);
    for (const image of tall.images) {
      expect(image.size).toBe('1024x1792');
      expect(image.note).toBe('drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792');
    }
    const wide = await generated(auth, { prompt: 'a wide harbour', size: '1792x1024' });
    expect(wide.images[0]).toMatchObject({ size: '1792x1024', note: 'drawn by dall-e-2 at 1024x1024, cropped and scaled to 1792x1024' });
    // dall-e-2 draws 512x512 itself: nothing to say.
    const square = await generated(auth, { prompt: 'a small boat', size: '512x512' });
    expect(square.images[0]!.size).toBe('512x512');
    expect('note' in square.images[0]!).toBe(false);
  });

  it('the OpenAPI document describes the note', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const schema = doc.paths['/v1/image/generate'].post.responses['200'].content['application/json'].schema;
    const image = schema.properties.images.items;
    expect(image.properties.note.type).toBe('string');
    expect(image.properties.note.description).toMatch(/drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792/);
    expect(image.required ?? []).not.toContain('note');
  });
});

describe('provider errors and retries', () => {
  it.each(['busy once (429 with retry-after)', 'broken once (500)'])('%s: the queue retries, the job succeeds and bills once', async (prompt) => {
    const { auth } = await createTestAccount(svc.rt);
    const result = await generated(auth, { prompt, size: '512x512' });
    expect(result.images).toHaveLength(1);
    expect(calls.get(prompt)).toBe(2);
    expect(await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, result.id))).toHaveLength(1);
  });

  it("waits at least the provider's retry-after (3 s here, over the queue's 1 s backoff) before the retry", async () => {
    const { auth } = await createTestAccount(svc.rt);
    const prompt = 'busy for 3 s';
    const result = await generated(auth, { prompt, size: '512x512' });
    expect(result.images).toHaveLength(1);
    const [first, second] = arrivals.get(prompt)!;
    // A lower bound the code guarantees, not a measured duration: the retry cannot come sooner.
    expect(second! - first!).toBeGreaterThanOrEqual(3000);
  });

  it("a 400 fails the job at once with OpenAI's message, unbilled", async () => {
    const { auth } = await createTestAccount(svc.rt);
    const res = await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'refuse this', size: '512x512' }, auth));
    const body = await res.json();
    expect(res.status).toBe(502);
    expect(body.error.code).toBe('upstream_error');
    expect(calls.get('refuse this')).toBe(1);
  });
});
