import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentFiles, deployments, webhookEvents } from '../../src/db/schema';
import { zipBuffer } from './support/archive-fixtures';
import { edgeGet, HOSTING_DOMAIN, startFileHost, startHostingHarness, type HostingHarness } from './support/hosting-harness';
import { createTestAccount, jsonRequest } from '../support/runtime';

let h: HostingHarness;
let files: Awaited<ReturnType<typeof startFileHost>>;
const run = randomBytes(3).toString('hex');
const site = `promo-${run}`;

const siteZip = (version: string) =>
  zipBuffer([
    { name: 'index.html', data: `<h1>${version}</h1>` },
    { name: 'page.html', data: `page ${version}` },
    { name: '_redirects', data: `/old-${version} /page 302\n` },
  ]);

beforeAll(async () => {
  h = await startHostingHarness();
  files = await startFileHost();
  files.put('/one.zip', await siteZip('one'));
  files.put('/two.zip', await siteZip('two'));
});
afterAll(async () => {
  await h.close();
  await files.close();
});

const home = async (host = `${site}.${HOSTING_DOMAIN}`) => {
  const r = await edgeGet(h.edge.httpPort, host, '/');
  return `${r.status} ${r.body.toString()}`;
};
const promote = (id: string, auth = h.auth) => h.svc.app.request(`/v1/hosting/deployments/${id}/promote`, { method: 'POST', headers: auth });

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

describe('POST /v1/hosting/deployments/{id}/promote', () => {
  it('switches production to the preview at once (no reader sees anything else), then rolls back', async () => {
    // An endpoint, so that the account's deployment events are recorded in the outbox.
    const hook = await h.svc.app.request('/v1/webhooks', jsonRequest({ url: 'http://127.0.0.1:9/hook', event_types: ['deployment.published'] }, h.auth));
    expect(hook.status).toBe(201);

    const one = await h.deploy({ site_id: site, source_url: files.url('/one.zip') });
    expect(one.status).toBe('published');
    const preview = await h.deploy({ site_id: site, source_url: files.url('/two.zip'), environment: 'preview' });
    expect(preview.status).toBe('published');
    expect(await home()).toBe('200 <h1>one</h1>');

    // Readers hammer production across the switch: each answer is the old site or the new one, whole.
    const seen: string[] = [];
    const byReader: string[][] = [[], [], [], []];
    let reading = true;
    const readers = byReader.map(async (mine) => {
      while (reading) {
        const answer = await home();
        mine.push(answer);
        seen.push(answer);
      }
    });
    while (seen.length < 20) await new Promise((r) => setImmediate(r));
    const res = await promote(preview.id);
    const afterSwitch = await home();
    const before = seen.length;
    while (seen.length < before + 20) await new Promise((r) => setImmediate(r));
    reading = false;
    await Promise.all(readers);

    expect(res.status).toBe(201);
    const promoted = await res.json();
    expect(promoted).toMatchObject({ status: 'published', environment: 'production', site_id: site, promoted_from: preview.id });
    expect(promoted.id).not.toBe(preview.id);
    expect(promoted.url).toBe(`https://${site}.${HOSTING_DOMAIN}:8443`);
    // Once answered, the edge serves it.
    expect(afterSwitch).toBe('200 <h1>two</h1>');
    expect(new Set(seen)).toEqual(new Set(['200 <h1>one</h1>', '200 <h1>two</h1>']));
    // A reader never goes back to the old site once it has seen the new one.
    for (const mine of byReader) {
      const first = mine.indexOf('200 <h1>two</h1>');
      if (first !== -1) expect(mine.slice(first).every((s) => s === '200 <h1>two</h1>')).toBe(true);
    }
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/page')).body.toString()).toBe('page two');
    // The preview's _redirects came with its files: production routes as the preview did.
    const moved = await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/old-two');
    expect([moved.status, moved.headers.location]).toEqual([302, '/page']);
    expect((await edgeGet(h.edge.httpPort, `${site}.${HOSTING_DOMAIN}`, '/old-one')).status).toBe(404);

    // Same files, not rebuilt: the manifest is the preview's; the preview is untouched at its own host.
    const manifest = async (id: string) =>
      (await h.svc.rt.db.select().from(deploymentFiles).where(eq(deploymentFiles.deploymentId, id))).map(({ path, hash }) => `${path} ${hash}`).sort();
    expect(await manifest(promoted.id)).toEqual(await manifest(preview.id));
    expect(await home(`${preview.id.slice(4)}--${site}.${HOSTING_DOMAIN}`)).toBe('200 <h1>two</h1>');
    const previewAfter = await (await h.svc.app.request(`/v1/hosting/deployments/${preview.id}`, { headers: h.auth })).json();
    expect(previewAfter).toMatchObject({ status: 'published', environment: 'preview' });
    const logs = await h.svc.app.request(`/v1/hosting/deployments/${promoted.id}`, { headers: h.auth });
    expect(await logs.json()).toMatchObject({ id: promoted.id, status: 'published', promoted_from: preview.id });

    const events = await h.svc.rt.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.accountId, h.accountId), eq(webhookEvents.type, 'deployment.published'), sql`${webhookEvents.data}->>'id' = ${promoted.id}`));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ status: 'published', promoted_from: preview.id });

    // Rolling back to what production served before works as after any deploy.
    const rolled = await h.svc.app.request(`/v1/hosting/deployments/${one.id}/rollback`, { method: 'POST', headers: h.auth });
    expect(rolled.status).toBe(200);
    expect(await home()).toBe('200 <h1>one</h1>');
    // And the promoted deployment can be made live again in turn.
    expect((await h.svc.app.request(`/v1/hosting/deployments/${promoted.id}/rollback`, { method: 'POST', headers: h.auth })).status).toBe(200);
    expect(await home()).toBe('200 <h1>two</h1>');
  });

  it('six parallel promotes of one preview make one production deployment; the others get 409', async () => {
    const raced = `promo-race-${run}`;
    await h.deploy({ site_id: raced, source_url: files.url('/one.zip') });
    const preview = await h.deploy({ site_id: raced, source_url: files.url('/two.zip'), environment: 'preview' });
    expect(preview.status).toBe('published');

    const answers = await Promise.all(Array.from({ length: 6 }, () => promote(preview.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = await answers.find((r) => r.status === 201)!.json();
    for (const loser of answers.filter((r) => r.status === 409)) {
      const body = await loser.json();
      expect(body.error.code).toBe('conflict');
      expect(body.error.message).toContain(`already live in production as ${winner.id}`);
    }
    const promotedRows = await h.svc.rt.db
      .select({ id: deployments.id })
      .from(deployments)
      .where(and(eq(deployments.siteId, raced), eq(deployments.promotedFrom, preview.id)));
    expect(promotedRows).toEqual([{ id: winner.id }]);
    expect(await home(`${raced}.${HOSTING_DOMAIN}`)).toBe('200 <h1>two</h1>');

    // Once production has moved on, the preview can be promoted again.
    await h.deploy({ site_id: raced, source_url: files.url('/one.zip') });
    const again = await promote(preview.id);
    expect(again.status).toBe(201);
    expect((await again.json()).id).not.toBe(winner.id);
  });

  it('409 for a production deployment or a preview that is not published; 404 for unknown and other accounts', async () => {
    const other = `promo-x-${run}`;
    const prod = await h.deploy({ site_id: other, source_url: files.url('/one.zip') });
    await expectError(await promote(prod.id), 409, 'conflict', /production deployment; only a preview/);
    const failed = await h.deploy({ site_id: other, source_url: files.url('/missing.zip'), environment: 'preview' });
    expect(failed.status).toBe('failed');
    await expectError(await promote(failed.id), 409, 'conflict', /not published \(status failed\)/);
    await expectError(await promote('dep_doesnotexist000000'), 404, 'not_found');
    const preview = await h.deploy({ site_id: other, source_url: files.url('/two.zip'), environment: 'preview' });
    const stranger = await createTestAccount(h.svc.rt, 'business');
    await expectError(await promote(preview.id, stranger.auth), 404, 'not_found');
    // Nothing changed for the refused ones.
    expect(await home(`${other}.${HOSTING_DOMAIN}`)).toBe('200 <h1>one</h1>');
  });
});
