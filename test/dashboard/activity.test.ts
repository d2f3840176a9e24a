import { OPERATOR } from '../../src/audit/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/db/queries/audit';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const rowIds = (html: string) => [...html.matchAll(/data-audit-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('dashboard: activity', () => {
  it('shows the owner the account’s events newest first, in words: the sign-in and a key created', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    expect((await client.post('/dashboard/keys', { label: 'ci' })).status).toBe(200);
    const keyId = /data-key-id="(key_[^"]+)"/.exec(client.lastHtml)?.[1];
    expect(keyId).toBeDefined();

    expect((await client.get('/dashboard/activity')).status).toBe(200);
    const html = client.lastHtml;
    expect(html).toContain('aria-current="page">Activity');
    expect(html).toContain(`created API key “ci” (${keyId})`);
    expect(html).toContain('signed in');
    expect(html).toContain(user.email);
    // Newest first: the key was made after the sign-in.
    expect(html.indexOf('data-action="key.created"')).toBeLessThan(html.indexOf('data-action="user.signed_in"'));
    const ids = rowIds(html);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('is not there for a member (404, and no link to it), nor does another account see these events', async () => {
    const { user } = await signedInClient(svc.app, svc.rt);
    await recordAudit(svc.rt.db, { accountId: user.accountId, actor: OPERATOR, action: 'domain.added', target: 'private.example' });

    const member = await createDashboardUser(svc.rt, { accountId: user.accountId, role: 'member' });
    const client = new DashboardClient(svc.app);
    expect((await client.signIn(member.email, member.password)).status).toBe(303);
    expect((await client.get('/dashboard/activity')).status).toBe(404);
    expect(client.lastHtml).not.toContain('private.example');
    await client.get('/dashboard');
    expect(client.lastHtml).not.toContain('href="/dashboard/activity"');

    const other = await signedInClient(svc.app, svc.rt);
    expect((await other.client.get('/dashboard/activity')).status).toBe(200);
    expect(other.client.lastHtml).not.toContain('private.example');
    expect(other.client.lastHtml).not.toContain(user.email);
  });

  it('pages 50 at a time with an “Older →” link that continues below the last row', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    for (let i = 0; i < 60; i++) {
      await recordAudit(svc.rt.db, { accountId: user.accountId, actor: OPERATOR, action: 'domain.checked', target: `d${i}.example` });
    }
    await client.get('/dashboard/activity');
    const first = rowIds(client.lastHtml);
    expect(first).toHaveLength(50);
    expect(client.lastHtml).toContain('d59.example');
    const older = /href="(\/dashboard\/activity\?before=(\d+))">Older →/.exec(client.lastHtml);
    expect(Number(older?.[2])).toBe(first.at(-1));

    await client.get(older![1]!);
    const second = rowIds(client.lastHtml);
    // 10 more checks and the sign-in: 61 events in all.
    expect(second).toHaveLength(11);
    expect(Math.max(...second)).toBeLessThan(Math.min(...first));
    expect(client.lastHtml).toContain('data-action="user.signed_in"');
    expect(client.lastHtml).not.toContain('Older →');
    expect(client.lastHtml).toContain('href="/dashboard/activity">Back to the newest');

    expect((await client.get('/dashboard/activity?before=abc')).status).toBe(404);
  });
});
