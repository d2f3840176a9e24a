import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { voices } from '../../src/db/schema';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { speakWav, SPEAKER_TEXT } from '../engines/voice/analysis/fixtures';
import { filesUnder, uploadTmpDir } from '../files/helpers';
import { signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

let svc: TestService;
let workers: WorkerSet;
let server: ReturnType<typeof serve>;
/** The dashboard client's requests, sent over a real socket to the service (a browser's Origin is the address it opened). */
let overHttp: { request: (input: string | URL | Request, init?: RequestInit) => Promise<Response> };
const staging = uploadTmpDir();
let sample: Blob;

beforeAll(async () => {
  svc = await startTestService({ UPLOAD_TMP_DIR: staging });
  workers = await startWorkers(svc.rt, { queues: ['voice'] });
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  overHttp = {
    request: (input, init = {}) => {
      const headers = new Headers(init.headers);
      if (headers.has('origin')) headers.set('origin', base);
      return fetch(String(input).replace(/^http:\/\/localhost/, base), { ...init, headers });
    },
  };
  sample = new Blob([new Uint8Array(await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'm3', pitch: 30, wordsPerMinute: 160 }))]);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await workers.close(5_000);
  await svc.close();
});

const rowsOf = (accountId: string) => svc.rt.db.select().from(voices).where(eq(voices.accountId, accountId));

describe('dashboard: clone a voice from an uploaded sample', () => {
  it('the Voices page has the form; posting it (over HTTP, with the form token) clones the voice, audited', async () => {
    const { client, user } = await signedInClient(overHttp, svc.rt);
    await client.get('/dashboard/voices');
    const form = /<form method="post" action="\/dashboard\/voices" [^>]*enctype="multipart\/form-data"[\s\S]*?<\/form>/.exec(client.lastHtml)?.[0];
    expect(form, client.lastHtml).toBeDefined();
    expect(form).toContain('name="_csrf"');
    expect(form).toMatch(/<input[^>]*name="name"/);
    expect(form).toMatch(/<input[^>]*name="file"[^>]*type="file"/);

    const res = await client.postMultipart('/dashboard/voices', [
      ['name', 'Narrator'],
      ['file', sample, 'narrator.wav'],
    ]);
    expect(res.status, client.lastHtml).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/voices?done=cloned');
    const [row] = await rowsOf(user.accountId);
    expect(row).toMatchObject({ name: 'Narrator', sampleUrl: null });
    expect((await listAudit(svc.rt.db, user.accountId, { limit: 1 }))[0]).toMatchObject({
      action: 'voice.clone_requested',
      target: row!.id,
      actor: user.email,
      detail: { name: 'Narrator', filename: 'narrator.wav' },
    });
    await client.get('/dashboard/voices?done=cloned');
    expect(client.lastHtml).toContain('the voice is being cloned');
    expect(client.lastHtml).toContain(`data-voice-id="${row!.id}"`);
    // The same job as the API's: the voice becomes ready, and the page says so.
    await until('voice ready', async () => (await rowsOf(user.accountId))[0]?.status !== 'processing', 120_000);
    expect((await rowsOf(user.accountId))[0]).toMatchObject({ status: 'ready', error: null });
    await client.get('/dashboard/voices');
    expect(client.lastHtml).toMatch(new RegExp(`data-voice-id="${row!.id}"[\\s\\S]*?Ready`));
    expect(filesUnder(staging)).toEqual([]);
  });

  it('refuses a forged or missing form token (403), content that is not audio (415) and a missing name (400); nothing is made', async () => {
    const { client, user } = await signedInClient(overHttp, svc.rt);
    await client.get('/dashboard/voices');
    expect(
      (
        await client.postMultipart(
          '/dashboard/voices',
          [
            ['name', 'Forged'],
            ['file', sample, 'a.wav'],
          ],
          { csrf: 'forged' },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await client.postMultipart(
          '/dashboard/voices',
          [
            ['name', 'No token'],
            ['file', sample, 'a.wav'],
          ],
          { csrf: null },
        )
      ).status,
    ).toBe(403);
    const page = await client.postMultipart('/dashboard/voices', [
      ['name', 'Page'],
      ['file', new Blob(['<!doctype html><html><body>hello</body></html>']), 'sample.wav'],
    ]);
    expect(page.status).toBe(415);
    expect(client.lastHtml).toContain('not a WAV or MP3 file (it looks like HTML)');
    const unnamed = await client.postMultipart('/dashboard/voices', [['file', sample, 'a.wav']]);
    expect(unnamed.status).toBe(400);
    expect(client.lastHtml).toContain('Enter a name for the voice.');
    const noFile = await client.postMultipart('/dashboard/voices', [['name', 'No file']]);
    expect(noFile.status).toBe(400);
    expect(await rowsOf(user.accountId)).toEqual([]);
    expect(filesUnder(staging)).toEqual([]);
  });

  it('without voice cloning on the plan: no form, and a post is refused', async () => {
    const { client, user } = await signedInClient(overHttp, svc.rt, { plan: 'free' });
    await client.get('/dashboard/voices');
    expect(client.lastHtml).not.toContain('action="/dashboard/voices"');
    const res = await client.postMultipart('/dashboard/voices', [
      ['name', 'Free'],
      ['file', sample, 'a.wav'],
    ]);
    expect(res.status).toBe(403);
    expect(client.lastHtml).toContain('does not include voice cloning');
    expect(await rowsOf(user.accountId)).toEqual([]);
  });
});
