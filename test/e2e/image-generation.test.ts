import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnFiles, usageLedger } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { sweepExpiredFiles } from '../../src/workers/processors/sweep-expired-files';
import { renderImage } from '../../src/engines/image/render-image';
import type { Box } from '../../src/engines/image/scene';
import { decodePng, pngSize } from '../support/png';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

let svc: TestService;
let workers: WorkerSet;

beforeAll(async () => {
  svc = await startTestService();
  // Only the queue it tests: every test file shares one database, and a maintenance worker would sweep
  // other files' rows (stale jobs, overdue webhook deliveries) into this file's Redis and work them here.
  workers = await startWorkers(svc.rt, { queues: ['image'] });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

/** Fetches a CDN link through the app (CDN_URL is the API's own /cdn). */
async function fetchCdn(url: string) {
  const u = new URL(url);
  return svc.app.request(u.pathname + u.search);
}

describe('POST /v1/image/generate, end to end through the queue', () => {
  it('renders count PNGs of exactly the requested size, served by signed links, and bills count images', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const res = await svc.app.request(
      '/v1/image/generate',
      jsonRequest({ prompt: 'a red sun over the sea', size: '1024x1792', count: 2, style: 'illustration' }, auth),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toMatch(/^img_[a-z0-9]{20}$/);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.images).toHaveLength(2);
    const pngs: Uint8Array[] = [];
    for (const [variant, image] of body.images.entries()) {
      expect(image.size).toBe('1024x1792');
      expect(image.url.startsWith('http://kiln.test/cdn/')).toBe(true);
      const file = await fetchCdn(image.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(pngSize(bytes)).toEqual({ width: 1024, height: 1792 });
      pngs.push(bytes);

      // Each image says what it shows, and the picture served is the one described: the sun the words
      // call red is red where the renderer drew it.
      expect(image.revised_prompt).toContain('a red sun');
      expect(image.revised_prompt).toContain('water');
      const local = renderImage({ prompt: 'a red sun over the sea', style: 'illustration', width: 1024, height: 1792, variant });
      expect(image.revised_prompt).toBe(local.revisedPrompt);
      const sun = local.drawn.get('sun') as Box;
      const picture = decodePng(bytes);
      let red = 0;
      let total = 0;
      for (let y = Math.round(sun.y + sun.height * 0.3); y < sun.y + sun.height * 0.7; y++) {
        for (let x = Math.round(sun.x + sun.width * 0.3); x < sun.x + sun.width * 0.7; x++) {
          const i = (y * picture.width + x) * 4;
          const [r, g, b] = [picture.rgba[i] as number, picture.rgba[i + 1] as number, picture.rgba[i + 2] as number];
          total++;
          if (r > 110 && r > g * 1.6 && r > b * 1.6) red++;
        }
      }
      expect(red / total).toBeGreaterThan(0.6);
    }
    expect(Buffer.compare(Buffer.from(pngs[0]!), Buffer.from(pngs[1]!))).not.toBe(0);

    const usage = await (await svc.app.request('/v1/usage', { headers: auth })).json();
    expect(usage.usage.images_generated).toBe(2);

    const again = await svc.app.request(`/v1/jobs/${body.id}`, { headers: auth });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
  });

  it('defaults: photorealistic, 1024x1024, one image; same prompt and style give the same picture', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const first = await (await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'green hills at sunset' }, auth))).json();
    const second = await (await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'green hills at sunset' }, auth))).json();
    expect(first.images).toHaveLength(1);
    expect(first.images[0].size).toBe('1024x1024');
    const [a, b] = await Promise.all([fetchCdn(first.images[0].url), fetchCdn(second.images[0].url)]);
    const [ba, bb] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
    expect(pngSize(ba)).toEqual({ width: 1024, height: 1024 });
    expect(ba.equals(bb)).toBe(true);
  });

  it('a tampered link is refused and an expired file is swept and then 404', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const body = await (await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'a city at night', size: '512x512' }, auth))).json();
    const url = new URL(body.images[0].url);
    const tampered = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&sig=${url.searchParams.get('sig')}`;
    expect((await svc.app.request(tampered)).status).toBe(403);

    const key = url.pathname.replace(/^\/cdn\//, '');
    await svc.rt.db
      .update(cdnFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cdnFiles.storageKey, key));
    await sweepExpiredFiles({ rt: svc.rt, job: { updateProgress: async () => {} } as never, log: svc.rt.log });
    expect(await svc.rt.store.exists(key)).toBe(false);
    const [row] = await svc.rt.db.select().from(cdnFiles).where(eq(cdnFiles.storageKey, key));
    expect(row!.deletedAt).not.toBeNull();
    expect((await fetchCdn(body.images[0].url)).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents revised_prompt on each generated image', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const answer = doc.paths['/v1/image/generate'].post.responses['200'].content['application/json'].schema;
    const image = answer.properties.images.items;
    expect(image.properties.revised_prompt.type).toBe('string');
    expect(image.properties.revised_prompt.description).toMatch(/built-in renderer/);
    expect(image.required).not.toContain('revised_prompt');
  });
});

describe('synchronous wait fallback', () => {
  it('answers 202 with a job link when no worker finishes in time, then the link answers the result', async () => {
    // A separate prefix with no workers: the job waits in the queue.
    const env = testEnv({ SYNC_TIMEOUT_MS: '300' });
    const lone = await startTestService({}, testConfig(env));
    try {
      const { auth } = await createTestAccount(lone.rt);
      const res = await lone.app.request('/v1/image/generate', jsonRequest({ prompt: 'a boat on a lake', size: '512x512' }, auth));
      expect(res.status).toBe(202);
      const pending = await res.json();
      expect(pending).toEqual({ id: expect.stringMatching(/^img_/), status: 'processing' });
      expect(res.headers.get('location')).toBe(`/v1/jobs/${pending.id}`);
      expect((await lone.app.request(`/v1/jobs/${pending.id}`, { headers: auth })).status).toBe(202);

      const late = await startWorkers(lone.rt, { queues: ['image'] });
      try {
        const done = await until('the late worker to finish the job', async () => {
          const res = await lone.app.request(`/v1/jobs/${pending.id}`, { headers: auth });
          return res.status === 202 ? null : res;
        });
        expect(done.status).toBe(200);
        const result = await done.json();
        expect(result.id).toBe(pending.id);
        expect(result.images[0].size).toBe('512x512');
      } finally {
        await late.close(5_000);
      }
      const ledger = await lone.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, pending.id));
      expect(ledger).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });
});
