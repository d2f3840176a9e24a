import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli';
import { DashboardClient, createDashboardUser, signedInClient } from '../support/dashboard';
import { startTestService, testConfig, testEnv, type TestService } from '../support/runtime';

const env = testEnv({ DASHBOARD_SIGNUP: 'invite' });
let svc: TestService;
let closed: TestService;

beforeAll(async () => {
  svc = await startTestService({}, testConfig(env));
  closed = await startTestService({}, testConfig({ ...env, DASHBOARD_SIGNUP: 'closed' }));
});
afterAll(async () => {
  await svc?.close();
  await closed?.close();
});

const sessionsOf = async (userId: string) =>
  (await svc.rt.database.sql`SELECT token_hash FROM sessions WHERE user_id = ${userId}`).map((r) => r.token_hash as string);

describe('sign-in and sessions', () => {
  it('sends a visitor without a session to sign in, and back where they were going', async () => {
    const client = new DashboardClient(svc.app);
    const res = await client.get('/dashboard/keys?x=1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/sign-in?next=%2Fdashboard%2Fkeys%3Fx%3D1');
    const user = await createDashboardUser(svc.rt);
    await client.get('/dashboard/sign-in?next=%2Fdashboard%2Fkeys');
    const signedIn = await client.post('/dashboard/sign-in', { email: user.email.toUpperCase(), password: user.password, next: '/dashboard/keys' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/dashboard/keys');
    expect((await client.get('/dashboard/keys')).status).toBe(200);
  });

  it('never redirects to another site after sign-in', async () => {
    const user = await createDashboardUser(svc.rt);
    for (const next of ['https://evil.example/', '//evil.example/dashboard', '/dashboard\\@evil', '/dashboardx']) {
      const client = new DashboardClient(svc.app);
      await client.get('/dashboard/sign-in');
      const res = await client.post('/dashboard/sign-in', { email: user.email, password: user.password, next });
      expect(res.headers.get('location')).toBe('/dashboard');
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie with a new id at every sign-in', async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    await client.get('/dashboard/sign-in');
    const first = await client.post('/dashboard/sign-in', { email: user.email, password: user.password });
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('kiln_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const before = await sessionsOf(user.userId);
    expect(before).toHaveLength(1);
    // Signing in again from a page of the current session (its form token).
    await client.get('/dashboard/account');
    await client.post('/dashboard/sign-in', { email: user.email, password: user.password });
    const after = await sessionsOf(user.userId);
    // The old session is gone and a new one replaced it, so a planted or stolen earlier id is worthless.
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    // The database holds a hash, never the cookie's value.
    expect(after[0]).not.toContain(client.cookieHeader.match(/kiln_session=([^;]+)/)![1]);
  });

  it('marks cookies Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    const secure = await startTestService({}, testConfig({ ...env, PUBLIC_URL: 'https://kiln.example' }));
    try {
      const user = await createDashboardUser(secure.rt);
      const client = new DashboardClient(secure.app, 'https://kiln.example');
      await client.get('/dashboard/sign-in');
      const res = await client.post('/dashboard/sign-in', { email: user.email, password: user.password });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-kiln_session='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/Path=\//);
    } finally {
      await secure.close();
    }
  });

  it('refuses a wrong password and an unknown email with the same words', async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    await client.get('/dashboard/sign-in');
    const wrong = await client.post('/dashboard/sign-in', { email: user.email, password: 'not the password' });
    const wrongText = await wrong.text();
    await client.get('/dashboard/sign-in');
    const unknown = await client.post('/dashboard/sign-in', { email: `nobody-${user.userId}@example.com`, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongText).toContain('That email and password do not match an account.');
    expect(await unknown.text()).toContain('That email and password do not match an account.');
  });

  it('throttles sign-in per email after five failures, even with the right password', async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    for (let i = 0; i < 5; i++) {
      await client.get('/dashboard/sign-in');
      expect((await client.post('/dashboard/sign-in', { email: user.email, password: `wrong ${i}` })).status).toBe(401);
    }
    await client.get('/dashboard/sign-in');
    const blocked = await client.post('/dashboard/sign-in', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toMatch(/Too many failed sign-ins\. Try again in \d+ minutes?\./);
    expect(await sessionsOf(user.userId)).toHaveLength(0);
  });

  it('throttles per client address across many emails', async () => {
    const client = new DashboardClient(svc.app);
    // Behind a trusted proxy the address comes from X-Forwarded-For, which lets the test be one client.
    const proxied = await startTestService({}, testConfig({ ...env, TRUST_PROXY: 'true' }));
    try {
      const c2 = new DashboardClient(proxied.app);
      const from = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` };
      let last = 0;
      for (let i = 0; i < 31; i++) {
        await c2.get('/dashboard/sign-in');
        last = (await c2.post('/dashboard/sign-in', { email: `guess-${i}-${Date.now()}@example.com`, password: 'guess guess' }, from)).status;
      }
      expect(last).toBe(429);
      // Another address is not affected.
      await c2.get('/dashboard/sign-in');
      expect(
        (await c2.post('/dashboard/sign-in', { email: 'someone@example.com', password: 'guess guess' }, { 'x-forwarded-for': '198.51.100.7' })).status,
      ).toBe(401);
    } finally {
      await proxied.close();
    }
    expect(client).toBeDefined();
  });

  it('signing out ends the session on the server, not just in the browser', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const stolen = client.cookieHeader;
    expect(await sessionsOf(user.userId)).toHaveLength(1);
    const res = await client.post('/dashboard/sign-out');
    expect(res.status).toBe(303);
    expect(await sessionsOf(user.userId)).toHaveLength(0);
    // The old cookie, replayed, no longer opens anything.
    const replay = await svc.app.request('http://localhost/dashboard/keys', { headers: { cookie: stolen }, redirect: 'manual' });
    expect(replay.status).toBe(303);
  });

  it('ends an idle session and one past its absolute end', async () => {
    const idle = await signedInClient(svc.app, svc.rt);
    await svc.rt.database.sql`UPDATE sessions SET last_seen_at = now() - interval '9 hours' WHERE user_id = ${idle.user.userId}`;
    expect((await idle.client.get('/dashboard/keys')).status).toBe(303);
    const old = await signedInClient(svc.app, svc.rt);
    await svc.rt.database.sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${old.user.userId}`;
    expect((await old.client.get('/dashboard/keys')).status).toBe(303);
  });

  it('sign out everywhere ends every session of the user', async () => {
    const user = await createDashboardUser(svc.rt);
    const a = new DashboardClient(svc.app);
    const b = new DashboardClient(svc.app);
    await a.signIn(user.email, user.password);
    await b.signIn(user.email, user.password);
    expect(await sessionsOf(user.userId)).toHaveLength(2);
    await a.get('/dashboard/account');
    await a.post('/dashboard/account/sign-out-everywhere');
    expect(await sessionsOf(user.userId)).toHaveLength(0);
    expect((await b.get('/dashboard/keys')).status).toBe(303);
  });
});

describe('CSRF', () => {
  it('refuses a form without the token, with a wrong token, or from another site', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const keyCount = async () => (await svc.rt.database.sql`SELECT count(*)::int AS n FROM api_keys WHERE account_id = ${user.accountId}`)[0]!.n;
    expect((await client.post('/dashboard/keys', { label: 'x', _csrf: '' })).status).toBe(403);
    expect((await client.post('/dashboard/keys', { label: 'x', _csrf: 'A'.repeat(43) })).status).toBe(403);
    expect((await client.post('/dashboard/keys', { label: 'x' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await client.post('/dashboard/keys', { label: 'x' }, { origin: 'https://evil.example', 'sec-fetch-site': '' })).status).toBe(403);
    expect(client.lastHtml).toContain('This form was sent from another site');
    expect(await keyCount()).toBe(0);
    expect((await client.post('/dashboard/keys', { label: 'x' })).status).toBe(200);
    expect(await keyCount()).toBe(1);
  });

  it('protects the sign-in form too (no login CSRF)', async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    const res = await client.post('/dashboard/sign-in', { email: user.email, password: user.password, _csrf: '' });
    expect(res.status).toBe(403);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, no framing, no caching', async () => {
    const res = await svc.app.request('/dashboard/sign-in');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html).not.toMatch(/ style="/);
  });
});

describe('sign-up', () => {
  it('invite mode: the operator CLI prints a one-time link that creates the user once', async () => {
    const acct = JSON.parse((await cli(['accounts', 'create', '--name', 'Invited Co', '--plan', 'pro', '--json'], env)).stdout);
    const email = `new-${acct.id}@example.com`;
    const out = await cli(['users', 'invite', '--account', acct.id, '--email', email, '--role', 'owner', '--json'], env);
    expect(out.code).toBe(0);
    const invite = JSON.parse(out.stdout);
    expect(invite.link).toMatch(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(invite.link).pathname;

    const client = new DashboardClient(svc.app);
    expect((await client.get(path)).status).toBe(200);
    expect(client.lastHtml).toContain('Invited Co');
    expect((await client.post(path, { password: 'short' })).status).toBe(400);
    expect(client.lastHtml).toContain('at least 10 characters');
    const res = await client.post(path, { password: 'a long enough password' });
    expect(res.status).toBe(303);
    expect((await client.get('/dashboard')).status).toBe(200);
    expect(client.lastHtml).toContain(email);

    // The link works once.
    const again = new DashboardClient(svc.app);
    expect((await again.get(path)).status).toBe(404);

    const listed = JSON.parse((await cli(['users', 'list', '--account', acct.id, '--json'], env)).stdout);
    expect(listed.users).toEqual([expect.objectContaining({ email, role: 'owner', account: acct.id })]);
  });

  it('invite mode has no sign-up page (open sign-up is in auth-abuse.test.ts)', async () => {
    const invited = new DashboardClient(svc.app);
    expect((await invited.get('/dashboard/sign-up')).status).toBe(404);
  });

  it('closed mode accepts no invitations, and the CLI says why', async () => {
    const acct = JSON.parse((await cli(['accounts', 'create', '--name', 'Closed Co', '--plan', 'free', '--json'], env)).stdout);
    const out = await cli(['users', 'invite', '--account', acct.id, '--email', 'x@example.com', '--json'], { ...env, DASHBOARD_SIGNUP: 'closed' });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).error.code).toBe('signup_closed');
    const link = JSON.parse((await cli(['users', 'invite', '--account', acct.id, '--email', `c-${acct.id}@example.com`, '--json'], env)).stdout).link;
    const client = new DashboardClient(closed.app);
    expect((await client.get(new URL(link).pathname)).status).toBe(404);
    expect((await client.get('/dashboard/sign-up')).status).toBe(404);
  });
});

describe('people in more than one account', () => {
  it('an existing user accepts an invitation signed in as themselves, and switches between accounts', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const other = JSON.parse((await cli(['accounts', 'create', '--name', 'Second Co', '--plan', 'free', '--json'], env)).stdout);
    const link = JSON.parse((await cli(['users', 'invite', '--account', other.id, '--email', user.email, '--json'], env)).stdout).link;
    const path = new URL(link).pathname;
    await client.get(path);
    // Signed in as the invited email: a button, no password.
    expect(client.lastHtml).toContain('Join Second Co');
    expect(client.lastHtml).not.toContain('name="password"');
    expect((await client.post(path)).status).toBe(303);
    await client.get('/dashboard');
    expect(client.lastHtml).toContain('Second Co');

    await client.get('/dashboard/account');
    expect(client.lastHtml).toContain('Your accounts');
    expect((await client.post('/dashboard/account/switch', { account: user.accountId })).status).toBe(303);
    await client.get('/dashboard');
    expect(client.lastHtml).not.toContain('Second Co');
    // An account the user is not a member of cannot be switched to.
    const stranger = JSON.parse((await cli(['accounts', 'create', '--name', 'Stranger Co', '--plan', 'free', '--json'], env)).stdout);
    await client.get('/dashboard/account');
    expect((await client.post('/dashboard/account/switch', { account: stranger.id })).status).toBe(404);
  });
});

describe('password reset', () => {
  it('prints a one-time link that sets a new password and ends every session', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const out = JSON.parse((await cli(['users', 'reset-password', '--email', user.email, '--json'], env)).stdout);
    const path = new URL(out.link).pathname;
    const resetter = new DashboardClient(svc.app);
    await resetter.get(path);
    expect((await resetter.post(path, { password: 'a brand new password', confirm: 'different' })).status).toBe(400);
    expect((await resetter.post(path, { password: 'a brand new password', confirm: 'a brand new password' })).status).toBe(303);
    expect((await client.get('/dashboard/keys')).status).toBe(303);
    const fresh = new DashboardClient(svc.app);
    expect((await fresh.signIn(user.email, user.password)).status).toBe(401);
    expect((await fresh.signIn(user.email, 'a brand new password')).status).toBe(303);
    expect((await new DashboardClient(svc.app).get(path)).status).toBe(404);
  });

  it('says plainly when there is no such user', async () => {
    const out = await cli(['users', 'reset-password', '--email', 'nobody-here@example.com', '--json'], env);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).error.code).toBe('not_found');
  });
});

describe('API keys section', () => {
  it('shows a new key once; the key works; revoking it is immediate', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    const created = await client.post('/dashboard/keys', { label: 'ci server' });
    expect(created.status).toBe(200);
    const key = /value="(kiln_[A-Za-z0-9]+)"/.exec(client.lastHtml)?.[1];
    expect(key).toBeDefined();
    expect(client.lastHtml).toContain('only time it can be shown');
    const api = await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } });
    expect(api.status).toBe(200);

    // Later pages show the prefix, never the key.
    await client.get('/dashboard/keys');
    expect(client.lastHtml).not.toContain(key);
    expect(client.lastHtml).toContain(key!.slice(0, 11));
    const keyId = /data-key-id="(key_[a-z0-9]+)"/.exec(client.lastHtml)![1]!;

    expect((await client.get(`/dashboard/keys/${keyId}/revoke`)).status).toBe(200);
    const revoked = await client.post(`/dashboard/keys/${keyId}/revoke`);
    expect(revoked.status).toBe(303);
    expect((await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    const audit = await svc.rt.database.sql`SELECT action, target FROM audit_events WHERE account_id = ${user.accountId} ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(['user.signed_in', 'key.created', 'key.revoked']);
  });

  it("another account's key is not found, to look at or to revoke", async () => {
    const a = await signedInClient(svc.app, svc.rt);
    await a.client.get('/dashboard/keys');
    await a.client.post('/dashboard/keys', { label: 'mine' });
    const keyId = /data-key-id="(key_[a-z0-9]+)"/.exec((await a.client.get('/dashboard/keys'), a.client.lastHtml))![1]!;
    const b = await signedInClient(svc.app, svc.rt);
    await b.client.get('/dashboard/keys');
    expect(b.client.lastHtml).not.toContain(keyId);
    expect((await b.client.get(`/dashboard/keys/${keyId}/revoke`)).status).toBe(404);
    expect((await b.client.post(`/dashboard/keys/${keyId}/revoke`)).status).toBe(404);
    const row = await svc.rt.database.sql`SELECT revoked_at FROM api_keys WHERE id = ${keyId}`;
    expect(row[0]!.revoked_at).toBeNull();
  });

  it('refuses an empty or control-character label with words on the form', async () => {
    const { client } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/keys');
    expect((await client.post('/dashboard/keys', { label: '   ' })).status).toBe(400);
    expect(client.lastHtml).toContain('Enter a label.');
    expect((await client.post('/dashboard/keys', { label: 'a\u0007b' })).status).toBe(400);
  });
});

describe('API alongside', () => {
  it('a JSON API call is unaffected by the dashboard', async () => {
    const res = await svc.app.request('/v1/usage', { headers: { cookie: 'kiln_session=whatever' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });
});
