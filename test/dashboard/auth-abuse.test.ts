import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/db/queries/accounts';
import { inviteLink, passwordResetLink } from '../../src/dashboard/links';
import { RESET_MAIL_LIMITS } from '../../src/dashboard/pages/forgot-password';
import { INVITATION_MAIL_LIMITS } from '../../src/dashboard/pages/invitation';
import { SIGNUP_LIMITS } from '../../src/dashboard/pages/sign-up';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from '../../src/dashboard/signin-throttle';
import { createDashboardUser, DashboardClient, signedInClient } from '../support/dashboard';
import { linkIn, type MailServer, recipientOf, startMailServer } from '../support/mail-server';
import { startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

/**
 * The dashboard's sign-in, sign-up, invitation and reset flows under attack (issue 24, items 1–3): many
 * parallel guesses, one address posing as many, and pages read for whether an email has a sign-in.
 */

let mail: MailServer;
let svc: TestService;

beforeAll(async () => {
  mail = await startMailServer();
  // TRUST_PROXY: each request can be its own client address (X-Forwarded-For), or share one.
  svc = await startTestService({}, testConfig(testEnv({ DASHBOARD_SIGNUP: 'open', SMTP_URL: mail.url, TRUST_PROXY: 'true' })));
});
afterAll(async () => {
  await svc?.close();
  await mail?.close();
});

const byte = () => randomBytes(1)[0]!;
const v4 = () => ({ 'x-forwarded-for': `10.${byte()}.${byte()}.${byte()}` });
const hex = () => randomBytes(2).toString('hex');
const v6 = (prefix: string) => ({ 'x-forwarded-for': `${prefix}:${hex()}:${hex()}:${hex()}:${hex()}` });
const freshEmail = (what: string) => `${what}-${randomBytes(6).toString('hex')}@example.com`;
const mailsTo = (email: string) => mail.messages.filter((m) => recipientOf(m) === email);
const sql = () => svc.rt.database.sql;
const sessionCount = async (userId: string) => (await sql()`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`)[0]!.n as number;

/** A client that has the sign-in page's form token, for posting from any address. */
async function publicClient(page = '/dashboard/sign-in') {
  const client = new DashboardClient(svc.app);
  await client.get(page);
  return client;
}

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('sign-in throttle under concurrency', () => {
  it(`lets at most ${MAX_FAILURES_PER_EMAIL} of 100 parallel guesses at one email reach the password check`, async () => {
    const user = await createDashboardUser(svc.rt);
    const client = await publicClient();
    const answers = statuses(
      await Promise.all(Array.from({ length: 100 }, (_, i) => client.post('/dashboard/sign-in', { email: user.email, password: `wrong guess ${i}` }, v4()))),
    );
    expect(count(answers, 401)).toBe(MAX_FAILURES_PER_EMAIL);
    expect(count(answers, 429)).toBe(100 - MAX_FAILURES_PER_EMAIL);
    // The right password is refused now too, and no session was made.
    expect((await client.post('/dashboard/sign-in', { email: user.email, password: user.password }, v4())).status).toBe(429);
    expect(await sessionCount(user.userId)).toBe(0);
  });

  it(`lets at most ${MAX_FAILURES_PER_ADDRESS} of 100 parallel guesses from one address through, across emails`, async () => {
    const client = await publicClient();
    const from = v4();
    const answers = statuses(
      await Promise.all(Array.from({ length: 100 }, () => client.post('/dashboard/sign-in', { email: freshEmail('spray'), password: 'guess guess' }, from))),
    );
    expect(count(answers, 401)).toBe(MAX_FAILURES_PER_ADDRESS);
    expect(count(answers, 429)).toBe(100 - MAX_FAILURES_PER_ADDRESS);
  });

  it('counts an IPv6 client by its /64, so a new address in the same /64 is no new allowance', async () => {
    const client = await publicClient();
    const prefix = `2001:db8:${hex()}:${hex()}`;
    const answers = statuses(
      await Promise.all(
        Array.from({ length: MAX_FAILURES_PER_ADDRESS + 10 }, () =>
          client.post('/dashboard/sign-in', { email: freshEmail('v6'), password: 'guess guess' }, v6(prefix)),
        ),
      ),
    );
    expect(count(answers, 401)).toBe(MAX_FAILURES_PER_ADDRESS);
    // Another /64 has its own count.
    expect((await client.post('/dashboard/sign-in', { email: freshEmail('v6'), password: 'guess guess' }, v6(`2001:db8:${hex()}:${hex()}`))).status).toBe(401);
  });

  it('the account page’s current-password check shares the sign-in counters', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    await client.get('/dashboard/account');
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.post('/dashboard/account/password', { current: `wrong ${i}`, password: 'a changed password', confirm: 'a changed password' }, v4()),
        ),
      ),
    );
    expect(count(answers, 400)).toBe(MAX_FAILURES_PER_EMAIL);
    expect(count(answers, 429)).toBe(20 - MAX_FAILURES_PER_EMAIL);
    // …and sign-in for that email is locked with them.
    expect((await (await publicClient()).post('/dashboard/sign-in', { email: user.email, password: user.password }, v4())).status).toBe(429);
  });

  it('a correct password clears the email’s count', async () => {
    const user = await createDashboardUser(svc.rt);
    const from = v4();
    const client = await publicClient();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++)
      expect((await client.post('/dashboard/sign-in', { email: user.email, password: `nope ${i}` }, from)).status).toBe(401);
    expect((await client.post('/dashboard/sign-in', { email: user.email, password: user.password }, from)).status).toBe(303);
    const again = await publicClient();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++)
      expect((await again.post('/dashboard/sign-in', { email: user.email, password: `nope ${i}` }, from)).status).toBe(401);
    expect((await again.post('/dashboard/sign-in', { email: user.email, password: `nope` }, from)).status).toBe(429);
  });
});

describe('invitations cannot be used to guess a password', () => {
  async function invitation(email: string) {
    const account = await createAccount(svc.rt.db, { name: `Inviter ${randomBytes(3).toString('hex')}`, planId: 'free' });
    const link = await inviteLink(svc.rt.db, svc.rt.config, { accountId: account.id, email, role: 'owner' });
    return { accountId: account.id, path: new URL(link.url).pathname, url: link.url };
  }
  const openInvitation = async (accountId: string) =>
    (await sql()`SELECT count(*)::int AS n FROM invitations WHERE account_id = ${accountId} AND accepted_at IS NULL`)[0]!.n as number;

  it('shows the same page whether or not the invited email has a sign-in', async () => {
    const victim = await createDashboardUser(svc.rt);
    const nobody = freshEmail('nobody');
    const [a, b] = [await invitation(victim.email), await invitation(nobody)];
    const client = new DashboardClient(svc.app);
    await client.get(a.path);
    const known = client.lastHtml;
    await client.get(b.path);
    const unknown = client.lastHtml;
    const neutral = (html: string, email: string, path: string) =>
      html
        .replaceAll(email, 'EMAIL')
        .replaceAll(path.split('/').at(-1)!, 'TOKEN')
        .replace(/Inviter [0-9a-f]{6}/g, 'ACCOUNT');
    expect(neutral(known, victim.email, a.path)).toBe(neutral(unknown, nobody, b.path));
    expect(known).not.toContain('current password');
    expect(known).toContain('Choose a password');
  });

  it('never checks a password, even the right one: 50 parallel guesses give no session, and the owner is mailed at most a few times', async () => {
    const victim = await createDashboardUser(svc.rt);
    const { accountId, path, url } = await invitation(victim.email);
    const client = new DashboardClient(svc.app);
    await client.get(path);
    const guesses = Array.from({ length: 49 }, (_, i) => `guess number ${i}`);
    const answers = statuses(await Promise.all([...guesses, victim.password].map((password) => client.post(path, { password }, v4()))));
    expect(count(answers, 303)).toBe(0);
    expect(count(answers, 409)).toBe(50);
    expect(client.lastHtml).toContain('sign in with it');
    expect(client.lastHtml).not.toMatch(/not the password|wrong password/i);
    expect(await sessionCount(victim.userId)).toBe(0);
    const memberships = await sql()`SELECT account_id FROM memberships WHERE user_id = ${victim.userId}`;
    expect(memberships.map((m) => m.account_id)).toEqual([victim.accountId]);
    // The invitation waits for its real owner, who got the link by mail (the per-email limit holds).
    expect(await openInvitation(accountId)).toBe(1);
    await until('the invitation mail', async () => mailsTo(victim.email).length >= 1);
    expect(linkIn(mailsTo(victim.email)[0]!)).toBe(url);
    const sent = (await until('mails to settle', async () => (mailsTo(victim.email).length >= INVITATION_MAIL_LIMITS.perEmail ? mailsTo(victim.email) : null)))
      .length;
    expect(sent).toBe(INVITATION_MAIL_LIMITS.perEmail);
  });

  it('is accepted by the invited person signed in as themselves, and the sign-in throttle covers that sign-in', async () => {
    const victim = await createDashboardUser(svc.rt);
    const { accountId, path } = await invitation(victim.email);
    // Someone else, signed in, is told the invitation is not theirs.
    const stranger = await signedInClient(svc.app, svc.rt);
    expect((await stranger.client.get(path)).status).toBe(403);
    expect((await stranger.client.post(path, {})).status).toBe(403);
    expect(await openInvitation(accountId)).toBe(1);

    // Guessing through sign-in instead: locked after the limit, whatever the route.
    const guesser = await publicClient(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    const tries = statuses(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => guesser.post('/dashboard/sign-in', { email: victim.email, password: `guess ${i}`, next: path }, v4())),
      ),
    );
    expect(count(tries, 401)).toBe(MAX_FAILURES_PER_EMAIL);
    expect(count(tries, 429)).toBe(20 - MAX_FAILURES_PER_EMAIL);
    expect((await guesser.post(path, { password: victim.password }, v4())).status).toBe(409);
    expect(await sessionCount(victim.userId)).toBe(0);

    // The real person (once the window is over: here its counter is cleared) signs in and comes back.
    await svc.rt.redis.del(`${svc.rt.config.REDIS_PREFIX}:signin:email:${createHash('sha256').update(victim.email).digest('hex').slice(0, 32)}`);
    const person = await publicClient(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    const signedIn = await person.post('/dashboard/sign-in', { email: victim.email, password: victim.password, next: path }, v4());
    expect(signedIn.headers.get('location')).toBe(path);
    expect((await person.get(path)).status).toBe(200);
    expect(person.lastHtml).toContain('Join Inviter');
    expect(person.lastHtml).not.toContain('name="password"');
    expect((await person.post(path, {})).status).toBe(303);
    await person.get('/dashboard');
    expect(person.lastHtml).toContain('Inviter');
    expect(await openInvitation(accountId)).toBe(0);
  });

  it('a new email still chooses its password on the invitation page', async () => {
    const email = freshEmail('newcomer');
    const { path } = await invitation(email);
    const client = new DashboardClient(svc.app);
    await client.get(path);
    expect((await client.post(path, { password: 'a long enough password' })).status).toBe(303);
    expect((await client.get('/dashboard')).status).toBe(200);
    expect(client.lastHtml).toContain(email);
  });
});

describe('sign-up never says an email has a sign-in', () => {
  const signUp = async (client: DashboardClient, email: string, headers: Record<string, string>) => {
    await client.get('/dashboard/sign-up', headers);
    return client.post('/dashboard/sign-up', { email, account: 'Some Co' }, headers);
  };

  it('answers a taken email like a free one, and mails the owner instead', async () => {
    const owner = await createDashboardUser(svc.rt);
    const nobody = freshEmail('signup');
    const client = new DashboardClient(svc.app);
    const taken = await signUp(client, owner.email, v4());
    const takenHtml = client.lastHtml;
    const free = await signUp(client, nobody, v4());
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(takenHtml.replaceAll(owner.email, 'EMAIL')).toBe(client.lastHtml.replaceAll(nobody, 'EMAIL'));
    expect(takenHtml).not.toMatch(/already has a sign-in/i);

    const [note] = await until('the owner’s mail', async () => mailsTo(owner.email).length > 0 && mailsTo(owner.email));
    expect(note!.subject).toBe('You already have a Kiln sign-in');
    expect(await sql()`SELECT id FROM accounts WHERE name = 'Some Co' AND id IN (SELECT account_id FROM memberships WHERE user_id = ${owner.userId})`).toEqual(
      [],
    );

    // The free email's owner confirms from the mail and chooses a password; the link works once.
    const [confirm] = await until('the confirmation', async () => mailsTo(nobody).length > 0 && mailsTo(nobody));
    expect(confirm!.subject).toBe('Confirm your Kiln sign-up');
    const path = new URL(linkIn(confirm!)).pathname;
    const newcomer = new DashboardClient(svc.app);
    expect((await newcomer.get(path)).status).toBe(200);
    expect((await newcomer.post(path, { password: 'a long enough password', confirm: 'different' })).status).toBe(400);
    expect((await newcomer.post(path, { password: 'a long enough password', confirm: 'a long enough password' })).status).toBe(303);
    await newcomer.get('/dashboard');
    expect(newcomer.lastHtml).toContain('Some Co');
    expect(newcomer.lastHtml).toContain('free');
    expect((await new DashboardClient(svc.app).get(path)).status).toBe(404);
  });

  it(`takes at most ${SIGNUP_LIMITS.perAddress} of 20 parallel sign-ups from one address`, async () => {
    const client = new DashboardClient(svc.app);
    await client.get('/dashboard/sign-up');
    const from = v4();
    const emails = Array.from({ length: 20 }, () => freshEmail('burst'));
    const answers = statuses(await Promise.all(emails.map((email) => client.post('/dashboard/sign-up', { email, account: 'Burst Co' }, from))));
    expect(count(answers, 200)).toBe(SIGNUP_LIMITS.perAddress);
    expect(count(answers, 429)).toBe(20 - SIGNUP_LIMITS.perAddress);
    await until('the admitted sign-ups’ mails', async () => emails.filter((e) => mailsTo(e).length > 0).length === SIGNUP_LIMITS.perAddress);
  });
});

describe('forgot password under concurrency', () => {
  it(`30 parallel requests for one email make at most ${RESET_MAIL_LIMITS.perEmail} links and mails`, async () => {
    const user = await createDashboardUser(svc.rt);
    const client = await publicClient('/dashboard/forgot');
    const answers = statuses(await Promise.all(Array.from({ length: 30 }, () => client.post('/dashboard/forgot', { email: user.email }, v4()))));
    expect(count(answers, 200)).toBe(RESET_MAIL_LIMITS.perEmail);
    const links = await sql()`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${user.userId}`;
    expect(links[0]!.n).toBe(RESET_MAIL_LIMITS.perEmail);
    await until('the mails', async () => mailsTo(user.email).length === RESET_MAIL_LIMITS.perEmail);
  });

  it(`30 parallel requests from one address are at most ${RESET_MAIL_LIMITS.perAddress}`, async () => {
    const client = await publicClient('/dashboard/forgot');
    const from = v4();
    const answers = statuses(await Promise.all(Array.from({ length: 30 }, () => client.post('/dashboard/forgot', { email: freshEmail('forgot') }, from))));
    expect(count(answers, 200)).toBe(RESET_MAIL_LIMITS.perAddress);
  });
});

describe('a used or superseded reset link is dead', () => {
  const links = async (email: string, n: number) => {
    const made = [];
    for (let i = 0; i < n; i++) made.push(new URL((await passwordResetLink(svc.rt.db, svc.rt.config, email))!.url).pathname);
    return made;
  };
  const setWith = (path: string, password: string) =>
    (async () => {
      // The form token comes from the sign-in page, so a dead link's page (which has no form) still gets a real POST.
      const client = await publicClient();
      await client.get(path);
      return client.post(path, { password, confirm: password });
    })();

  it('after one link sets the password, every other open link of that person is dead', async () => {
    const user = await createDashboardUser(svc.rt);
    const [first, second, third] = await links(user.email, 3);
    expect((await setWith(first!, 'the first new password')).status).toBe(303);
    for (const other of [second!, third!]) {
      expect((await new DashboardClient(svc.app).get(other)).status).toBe(404);
      expect((await setWith(other, 'an attacker password')).status).toBe(404);
    }
    expect((await new DashboardClient(svc.app).signIn(user.email, 'the first new password')).status).toBe(303);
  });

  it('of several links used at the same moment, one sets the password', async () => {
    const user = await createDashboardUser(svc.rt);
    const paths = await links(user.email, 6);
    const answers = statuses(await Promise.all(paths.map((p, i) => setWith(p, `parallel password ${i}`))));
    expect(count(answers, 303)).toBe(1);
    expect(count(answers, 404)).toBe(5);
  });

  it('a password change on the account page voids open links', async () => {
    const { client, user } = await signedInClient(svc.app, svc.rt);
    const [path] = await links(user.email, 1);
    await client.get('/dashboard/account');
    expect(
      (await client.post('/dashboard/account/password', { current: user.password, password: 'a changed password', confirm: 'a changed password' })).status,
    ).toBe(303);
    expect((await setWith(path!, 'an attacker password')).status).toBe(404);
    expect((await new DashboardClient(svc.app).signIn(user.email, 'a changed password')).status).toBe(303);
  });
});
