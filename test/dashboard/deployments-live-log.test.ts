import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { type GatedHost, startGatedHost } from '../hosting/support/gated-host';
import { startHostingHarness, until, type HostingHarness } from '../hosting/support/hosting-harness';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { jsonRequest } from '../support/runtime';
import { type SseEvent, sseReader } from '../support/sse-reader';

let h: HostingHarness;
let gate: GatedHost;
let owner: DashboardClient;
let other: DashboardClient;
let built: { id: string; lines: SseEvent[] };

beforeAll(async () => {
  h = await startHostingHarness();
  gate = await startGatedHost(await zipBuffer([{ name: 'index.html', data: '<h1>watched</h1>' }]));
  const user = await createDashboardUser(h.svc.rt, { accountId: h.accountId });
  owner = new DashboardClient(h.svc.app);
  expect((await owner.signIn(user.email, user.password)).status).toBe(303);
  ({ client: other } = await signedInClient(h.svc.app, h.svc.rt));
});
afterAll(async () => {
  gate?.release();
  await h?.close();
  await gate?.close();
});

const message = (e: SseEvent) => (JSON.parse(e.data) as { message: string }).message;

describe('dashboard: a deployment’s build log, live', () => {
  it('the page names its stream, which follows the build from the last line shown to done', async () => {
    const created = await h.svc.app.request('/v1/hosting/deployments', jsonRequest({ site_id: 'watched', source_url: gate.url }, h.auth));
    const { id } = await created.json();
    await until('the build to ask for the source', async () => gate.waiting() > 0);

    // Mid-build: the page shows the lines so far and points the script past the last of them.
    await owner.get(`/dashboard/deployments/${id}`);
    const after = /data-live-log="\/dashboard\/deployments\/dep_[a-z0-9]+\/log\?after=(\d+)"/.exec(owner.lastHtml)?.[1];
    expect(after).toBeDefined();
    expect(Number(after)).toBeGreaterThan(0);
    expect(owner.lastHtml).toContain('Downloading ');

    const res = await owner.get(`/dashboard/deployments/${id}/log?after=${after}`, { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The dashboard's own policy is on the stream too.
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const reader = sseReader(res);
    gate.release();
    const events = await reader.all();
    const lines = events.slice(0, -1);
    expect(lines.every((e) => e.event === 'line' && Number(e.id) > Number(after))).toBe(true);
    // Nothing the page already showed comes again.
    expect(lines.map(message).some((m) => m.startsWith('Downloading '))).toBe(false);
    expect(lines.map(message).some((m) => m.startsWith('Published 1 files'))).toBe(true);
    expect(events.at(-1)!.event).toBe('done');
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ id, status: 'published' });

    // Finished: the page shows the whole log and follows nothing.
    await owner.get(`/dashboard/deployments/${id}`);
    expect(owner.lastHtml).not.toContain('data-live-log');
    expect(owner.lastHtml).toContain('Published 1 files');
    built = { id, lines };
  });

  it('resumes after Last-Event-ID (what EventSource sends when it reconnects) rather than the page’s starting point', async () => {
    const res = await owner.get(`/dashboard/deployments/${built.id}/log?after=0`, { 'last-event-id': built.lines[0]!.id! });
    const events = await sseReader(res).all();
    expect(events.slice(0, -1).map((e) => e.id)).toEqual(built.lines.slice(1).map((e) => e.id));
    expect(events.at(-1)!.event).toBe('done');
  });

  it('needs a session, and another account’s deployment is not found', async () => {
    const visitor = new DashboardClient(h.svc.app);
    const anonymous = await visitor.get(`/dashboard/deployments/${built.id}/log`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/dashboard\/sign-in\?next=/);
    const stranger = await other.get(`/dashboard/deployments/${built.id}/log`);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
