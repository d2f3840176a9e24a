import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_LIMITS } from '../../src/dashboard/pages/forgot-password';
import { cli } from '../support/cli';
import { createDashboardUser, DashboardClient } from '../support/dashboard';
import { deadMailUrl, linkIn, type MailServer, recipientOf, startMailServer } from '../support/mail-server';
import { startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

const SENT = 'If that email has a sign-in here, a link is on its way';

let mail: MailServer;
let env: Record<string, string>;
let svc: TestService;

beforeAll(async () => {
  mail = await startMailServer();
  // TRUST_PROXY so each test can be its own client address (X-Forwarded-For) for the per-address count.
  env = testEnv({ SMTP_URL: mail.url, MAIL_FROM: 'Kiln Test <kiln@example.test>', TRUST_PROXY: 'true' });
  svc = await startTestService({}, testConfig(env));
});
afterAll(async () => {
  await svc?.close();
  await mail?.close();
});

const mailsTo = (email: string) => mail.messages.filter((m) => recipientOf(m) === email);
const fromAddress = () => ({ 'x-forwarded-for': `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}` });

async function askForLink(client: DashboardClient, email: string, headers: Record<string, string>) {
  await client.get('/dashboard/forgot', headers);
  return client.post('/dashboard/forgot', { email }, headers);
}

describe('forgot password, with SMTP', () => {
  it('mails a link that sets a new password', async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    await client.get('/dashboard/sign-in');
    expect(client.lastHtml).toContain('href="/dashboard/forgot"');

    const res = await askForLink(client, user.email.toUpperCase(), fromAddress());
    expect(res.status).toBe(200);
    expect(client.lastHtml).toContain(SENT);

    const [message] = await until('the reset mail', async () => mailsTo(user.email).length > 0 && mailsTo(user.email));
    expect(message!.subject).toBe('Set a new password for Kiln');
    expect(message!.from?.value[0]?.address).toBe('kiln@example.test');
    expect(message!.text).toContain('If you did not ask for this, ignore this mail');
    expect(message!.html).toContain('Choose a new password');
    const link = new URL(linkIn(message!));
    expect(link.origin).toBe('http://kiln.test');

    const resetter = new DashboardClient(svc.app);
    expect((await resetter.get(link.pathname)).status).toBe(200);
    const set = await resetter.post(link.pathname, { password: 'a brand new password', confirm: 'a brand new password' });
    expect(set.status).toBe(303);
    expect((await new DashboardClient(svc.app).signIn(user.email, user.password)).status).toBe(401);
    expect((await new DashboardClient(svc.app).signIn(user.email, 'a brand new password')).status).toBe(303);

    const audit = await svc.rt.database.sql`SELECT actor, action, ip FROM audit_events WHERE account_id = ${user.accountId} ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.reset_requested', 'user.password_reset']));
    expect(audit.find((a) => a.action === 'user.reset_requested')?.actor).toBe(user.email);
  });

  it('answers an unknown email with the same page, and mails nothing', async () => {
    const user = await createDashboardUser(svc.rt);
    const nobody = `nobody-${randomBytes(6).toString('hex')}@example.com`;
    const client = new DashboardClient(svc.app);
    const unknown = await askForLink(client, nobody, fromAddress());
    const unknownPage = client.lastHtml;
    const known = await askForLink(client, user.email, fromAddress());
    expect(unknown.status).toBe(known.status);
    // The same page but for the email it repeats (and the form token in the header's sign-out form, if any).
    expect(unknownPage.replaceAll(nobody, 'EMAIL')).toBe(client.lastHtml.replaceAll(user.email, 'EMAIL'));
    // The known email's mail was sent after the unknown one's request had finished: had that one sent
    // anything, it would have started first.
    await until('the known email’s mail', async () => mailsTo(user.email).length > 0);
    expect(mailsTo(nobody)).toHaveLength(0);
  });

  it(`sends at most ${RESET_MAIL_LIMITS.perEmail} mails per email per hour, and says so without telling more`, async () => {
    const user = await createDashboardUser(svc.rt);
    const client = new DashboardClient(svc.app);
    for (let i = 0; i < RESET_MAIL_LIMITS.perEmail; i++) expect((await askForLink(client, user.email, fromAddress())).status).toBe(200);
    const blocked = await askForLink(client, user.email, fromAddress());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(client.lastHtml).toContain(SENT);
    // An unknown email is throttled the same way, so the 429 says nothing about the account either.
    const nobody = `nobody-${randomBytes(6).toString('hex')}@example.com`;
    for (let i = 0; i < RESET_MAIL_LIMITS.perEmail; i++) await askForLink(client, nobody, fromAddress());
    expect((await askForLink(client, nobody, fromAddress())).status).toBe(429);

    await until('the allowed mails', async () => mailsTo(user.email).length === RESET_MAIL_LIMITS.perEmail);
    // One more request for a known email after the blocked one: its mail is the only one that follows.
    const other = await createDashboardUser(svc.rt);
    await askForLink(client, other.email, fromAddress());
    await until('the other mail', async () => mailsTo(other.email).length === 1);
    expect(mailsTo(user.email)).toHaveLength(RESET_MAIL_LIMITS.perEmail);
  });

  it(`takes at most ${RESET_MAIL_LIMITS.perAddress} requests per client address per hour`, async () => {
    const client = new DashboardClient(svc.app);
    const address = fromAddress();
    for (let i = 0; i < RESET_MAIL_LIMITS.perAddress; i++) {
      expect((await askForLink(client, `many-${i}-${randomBytes(4).toString('hex')}@example.com`, address)).status).toBe(200);
    }
    expect((await askForLink(client, `many-last-${randomBytes(4).toString('hex')}@example.com`, address)).status).toBe(429);
    expect((await askForLink(client, `many-last-${randomBytes(4).toString('hex')}@example.com`, fromAddress())).status).toBe(200);
  });

  it('refuses the form without its token, and shows a bad email again', async () => {
    const client = new DashboardClient(svc.app);
    await client.get('/dashboard/forgot');
    expect((await client.post('/dashboard/forgot', { email: 'x@example.com', _csrf: 'nope' })).status).toBe(403);
    expect((await client.post('/dashboard/forgot', { email: 'not an email' })).status).toBe(400);
    expect(client.lastHtml).toContain('Enter a valid email address.');
  });

  it('answers the same when the mail server is down, with no 5xx', async () => {
    const down = await startTestService({}, testConfig({ ...env, SMTP_URL: await deadMailUrl() }));
    try {
      const user = await createDashboardUser(down.rt);
      const client = new DashboardClient(down.app);
      const res = await askForLink(client, user.email, fromAddress());
      expect(res.status).toBe(200);
      expect(client.lastHtml).toContain(SENT);
      // The link was made (and waits unused); the person can ask again once the server is back.
      const resets = await down.rt.database.sql`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${user.userId}`;
      expect(resets[0]!.n).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('mails the link from the CLI with --send', async () => {
    const user = await createDashboardUser(svc.rt);
    const out = await cli(['users', 'reset-password', '--email', user.email, '--send', '--json'], env);
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout);
    expect(printed.sent).toBe(true);
    const [message] = await until('the CLI’s mail', async () => mailsTo(user.email).length > 0 && mailsTo(user.email));
    expect(linkIn(message!)).toBe(printed.link);
  });

  it('says so from the CLI when the mail server is down, and prints the link to hand over', async () => {
    const user = await createDashboardUser(svc.rt);
    const out = await cli(['users', 'reset-password', '--email', user.email, '--send', '--json'], { ...env, SMTP_URL: await deadMailUrl() });
    expect(out.code).toBe(1);
    const { error } = JSON.parse(out.stdout);
    expect(error.code).toBe('mail_failed');
    expect(error.message).toMatch(/hand over this link yourself: http:\/\/kiln\.test\/dashboard\/reset\/\S+$/);
  });
});

describe('forgot password, without SMTP', () => {
  let plain: TestService;
  const plainEnv = testEnv();
  beforeAll(async () => {
    plain = await startTestService({}, testConfig(plainEnv));
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('has no forgot page, and the sign-in page says to ask the operator', async () => {
    const client = new DashboardClient(plain.app);
    await client.get('/dashboard/sign-in');
    expect(client.lastHtml).toContain('Ask the operator of this Kiln for a reset link');
    expect(client.lastHtml).not.toContain('/dashboard/forgot');
    expect((await client.get('/dashboard/forgot')).status).toBe(404);
    expect((await client.post('/dashboard/forgot', { email: 'x@example.com' })).status).toBe(404);
  });

  it('refuses CLI --send with a clear message and exit 2', async () => {
    const user = await createDashboardUser(plain.rt);
    const out = await cli(['users', 'reset-password', '--email', user.email, '--send', '--json'], plainEnv);
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stdout).error.code).toBe('invalid_config');
    expect(out.stderr).toContain('--send needs SMTP_URL');
    const resets = await plain.rt.database.sql`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${user.userId}`;
    expect(resets[0]!.n).toBe(0);
  });
});
