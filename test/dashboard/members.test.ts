import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../src/db/queries/audit';
import { removeMember } from '../../src/db/queries/users';
import { sessions } from '../../src/db/schema';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const inviteUrl = (html: string) => /id="invite-link"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*id="invite-link"/.exec(html)?.[1];

describe('dashboard: members', () => {
  it('an owner invites someone; the link is shown once, works for sign-up, and the new member is listed', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const email = `new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await client.get('/dashboard/members');
    expect(client.lastHtml).toContain('href="/dashboard/members"');
    expect(client.lastHtml).toContain(`${user.email}<span class="muted"> (you)</span>`);

    expect((await client.post('/dashboard/members', { email: email.toUpperCase(), role: 'member' })).status).toBe(200);
    const url = inviteUrl(client.lastHtml);
    expect(url).toMatch(/^http:\/\/kiln\.test\/dashboard\/invite\/\S+$/);
    expect(client.lastHtml).toContain('data-copy="#invite-link"');
    const [invited] = await listAudit(svc.rt.db, user.accountId, { limit: 1 });
    expect(invited).toMatchObject({ action: 'user.invited', target: email, actor: user.email, actorUserId: user.userId, detail: { role: 'member' } });

    // Shown once: the list shows the open invitation, never its link.
    await client.get('/dashboard/members');
    expect(client.lastHtml).not.toContain(url!);
    expect(client.lastHtml).toContain(`<td>${email}</td>`);

    // Already a member: no second invitation.
    expect((await client.post('/dashboard/members', { email: user.email, role: 'owner' })).status).toBe(400);
    expect(client.lastHtml).toContain('is already a member');
    expect((await client.post('/dashboard/members', { email: 'not an email', role: 'member' })).status).toBe(400);

    const newcomer = new DashboardClient(svc.app);
    const path = new URL(url!).pathname;
    expect((await newcomer.get(path)).status).toBe(200);
    const joined = await newcomer.post(path, { password: 'a long enough passphrase 42' });
    expect(joined.status).toBe(303);
    expect((await newcomer.get('/dashboard')).status).toBe(200);
    // A member, not an owner: the owners' sections are not theirs.
    expect((await newcomer.get('/dashboard/members')).status).toBe(404);

    await client.get('/dashboard/members');
    const people = client.lastHtml.slice(client.lastHtml.indexOf('id="people"'), client.lastHtml.indexOf('id="open-invitations"'));
    expect(people).toContain(email);
    expect(client.lastHtml).toContain('No open invitations.');
  });

  it('removing a member ends their sessions in the account, audited; yourself and the only owner cannot be removed', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const member = await createDashboardUser(svc.rt, { accountId: user.accountId, role: 'member' });
    const memberClient = new DashboardClient(svc.app);
    expect((await memberClient.signIn(member.email, member.password)).status).toBe(303);
    expect((await memberClient.get('/dashboard')).status).toBe(200);

    await client.get('/dashboard/members');
    // The only owner (you) has no Remove link; the member has.
    expect(client.lastHtml).not.toContain(`/dashboard/members/${user.userId}/remove`);
    expect(client.lastHtml).toContain(`href="/dashboard/members/${member.userId}/remove"`);
    expect((await client.get(`/dashboard/members/${user.userId}/remove`)).status).toBe(400);
    expect((await client.post(`/dashboard/members/${user.userId}/remove`)).status).toBe(400);
    expect(client.lastHtml).toContain('You cannot remove yourself');

    expect((await client.get(`/dashboard/members/${member.userId}/remove`)).status).toBe(200);
    expect(client.lastHtml).toContain(`Remove ${member.email}?`);
    const removed = await client.post(`/dashboard/members/${member.userId}/remove`);
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/dashboard/members?done=removed');
    const [event] = await listAudit(svc.rt.db, user.accountId, { limit: 1 });
    expect(event).toMatchObject({ action: 'user.removed', target: member.email, actor: user.email, detail: { role: 'member' } });
    const left = await svc.rt.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.userId), eq(sessions.accountId, user.accountId)));
    expect(left).toEqual([]);
    const after = await memberClient.get('/dashboard');
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toMatch(/^\/dashboard\/sign-in/);
    await client.get('/dashboard/members');
    expect(client.lastHtml).not.toContain(member.email);
    expect((await client.post(`/dashboard/members/${member.userId}/remove`)).status).toBe(404);

    // The account's only owner is kept even if asked directly (two owners removing each other at once).
    const outcome = await svc.rt.db.transaction((tx) => removeMember(tx, user.accountId, user.userId));
    expect(outcome).toEqual({ ok: false, reason: 'last_owner' });
    // With a second owner, one owner can remove the other.
    const second = await createDashboardUser(svc.rt, { accountId: user.accountId, role: 'owner' });
    expect((await client.get(`/dashboard/members/${second.userId}/remove`)).status).toBe(200);
    expect((await client.post(`/dashboard/members/${second.userId}/remove`)).status).toBe(303);
  });

  it('members and other accounts get 404; a POST without the form token is 403', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const member = await createDashboardUser(svc.rt, { accountId: user.accountId, role: 'member' });

    const memberClient = new DashboardClient(svc.app);
    await memberClient.signIn(member.email, member.password);
    expect((await memberClient.get('/dashboard/members')).status).toBe(404);
    await memberClient.get('/dashboard');
    expect(memberClient.lastHtml).not.toContain('href="/dashboard/members"');
    expect((await memberClient.post('/dashboard/members', { email: 'x@example.com', role: 'owner' })).status).toBe(404);
    expect((await memberClient.post(`/dashboard/members/${user.userId}/remove`)).status).toBe(404);

    const other = await signedInClient(svc.app, svc.rt);
    await other.client.get('/dashboard/members');
    expect(other.client.lastHtml).not.toContain(member.email);
    expect((await other.client.get(`/dashboard/members/${member.userId}/remove`)).status).toBe(404);
    expect((await other.client.post(`/dashboard/members/${member.userId}/remove`)).status).toBe(404);

    await client.get('/dashboard/members');
    expect((await client.post(`/dashboard/members/${member.userId}/remove`, { _csrf: 'forged' })).status).toBe(403);
    expect((await client.post('/dashboard/members', { _csrf: '', email: 'y@example.com', role: 'member' })).status).toBe(403);
    await client.get('/dashboard/members');
    expect(client.lastHtml).toContain(member.email);
    expect(client.lastHtml).not.toContain('y@example.com');
  });

  it('says invitations are off when DASHBOARD_SIGNUP=closed', async () => {
    const closed = await startTestService({ DASHBOARD_SIGNUP: 'closed' });
    try {
      const { client } = await signedInClient(closed.app, closed.rt);
      await client.get('/dashboard/members');
      expect(client.lastHtml).toContain('Invitations are off');
      expect(client.lastHtml).not.toContain('action="/dashboard/members"');
      expect((await client.post('/dashboard/members', { email: 'z@example.com', role: 'member' })).status).toBe(200);
      expect(client.lastHtml).not.toContain('id="invite-link"');
    } finally {
      await closed.close();
    }
  });
});
