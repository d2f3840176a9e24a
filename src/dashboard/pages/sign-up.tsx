import type { Context } from 'hono';
import * as v from 'valibot';
import { createAccount } from '../../db/queries/accounts';
import { userActor } from '../../audit/actor';
import { recordAudit } from '../../db/queries/audit';
import { createMember, findUserByEmail } from '../../db/queries/users';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { emailField, labelField, passwordField, readForm } from '../form';
import { mailInBackground } from '../mail-in-background';
import { looksLikeToken } from '../one-time-token';
import { hashPassword, passwordProblem } from '../passwords';
import { startSession } from '../sessions';
import { SignInThrottle } from '../signin-throttle';
import { SignUpRequests } from '../signup-requests';
import { Field, Notice, PostForm } from '../views/forms';
import { renderPublic } from '../views/render';
import { registerInvitationPages } from './invitation';

/**
 * Sign-ups per hour: a few per email (each one mails that inbox) and a few more per client address
 * (an IPv6 client by its /64), counted before anything is looked up or mailed.
 */
export const SIGNUP_LIMITS = { windowMs: 60 * 60_000, perEmail: 3, perAddress: 10 };

const signUpForm = v.object({ email: emailField, account: labelField('account name', 80) });
const confirmForm = v.object({ password: passwordField, confirm: v.string() });

class EmailTaken extends Error {}

/**
 * Getting a sign-in, as the operator chose (DASHBOARD_SIGNUP): `open` lets anyone create an account on
 * the free plan, once they confirm their email from a mailed link; `invite` accepts the one-time links
 * of the operator and of account owners; `closed` accepts neither.
 *
 * Whether an email already has a sign-in is never shown on a page: a sign-up answers "check your mail"
 * either way, and the mail says which it is (a confirmation link, or "you already have a sign-in").
 */
export function registerSignUpPages(app: Dashboard, deps: DashboardDeps) {
  const { rt, sessions, mailer } = deps;
  const db = rt.db;
  const open = rt.config.DASHBOARD_SIGNUP === 'open' && mailer !== null;
  const throttle = new SignInThrottle(rt.redis, rt.keys.group('signup'), SIGNUP_LIMITS);
  const requests = new SignUpRequests(rt.redis, `${rt.config.REDIS_PREFIX}:signup-request`, rt.config.DASHBOARD_LINK_TTL_MS);
  const dashboardUrl = `${rt.config.PUBLIC_URL}/dashboard`;

  const signUpPage = (c: Context<DashEnv>, values: { email?: string; account?: string }, error?: string) =>
    renderPublic(
      c,
      'Create an account',
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <PostForm action="/dashboard/sign-up" csrfToken={c.get('csrfToken')}>
          <Field
            label="Email"
            name="email"
            type="email"
            value={values.email}
            autocomplete="username"
            required
            autofocus
            hint="We mail you a link to confirm it."
          />
          <Field label="Account name" name="account" value={values.account} required hint="Your team or project; you can invite others later." maxlength={80} />
          <button type="submit" class="primary">
            Create account
          </button>
        </PostForm>
        <p class="muted">
          New accounts start on the free plan. Already have one? <a href="/dashboard/sign-in">Sign in</a>.
        </p>
      </>,
      error ? 400 : 200,
    );

  const checkMailPage = (c: Context<DashEnv>, email: string, wait = 0) =>
    renderPublic(
      c,
      'Check your email',
      <>
        {wait > 0 && (
          <Notice kind="warn">Several sign-ups were asked for already; no more mails are sent for now. Try again in {Math.ceil(wait / 60_000)} minutes.</Notice>
        )}
        <p>
          We sent a mail to <strong>{email}</strong>. Open the link in it to confirm your email and choose a password. If nothing arrives within a few minutes,
          check your spam folder, then try again.
        </p>
        <p class="muted">
          <a href="/dashboard/sign-in">Back to sign-in</a>.
        </p>
      </>,
      wait > 0 ? 429 : 200,
    );

  const closedPage = (c: Context<DashEnv>) => renderPublic(c, 'Sign-up is by invitation', <p>Ask the operator of this Kiln for an invitation link.</p>, 404);

  const deadLink = (c: Context<DashEnv>) =>
    renderPublic(
      c,
      'Link expired',
      <p>
        This link has expired or was already used. <a href="/dashboard/sign-up">Sign up again</a> or <a href="/dashboard/sign-in">sign in</a>.
      </p>,
      404,
    );

  const choosePasswordPage = (c: Context<DashEnv>, token: string, request: { email: string; accountName: string }, error?: string) =>
    renderPublic(
      c,
      'Choose a password',
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <p>
          Creating <strong>{request.accountName}</strong>, signing in as <strong>{request.email}</strong>.
        </p>
        <PostForm action={`/dashboard/sign-up/${token}`} csrfToken={c.get('csrfToken')}>
          <input type="text" name="username" value={request.email} autocomplete="username" hidden readonly />
          <Field label="Password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." autofocus />
          <Field label="Password again" name="confirm" type="password" autocomplete="new-password" required />
          <button type="submit" class="primary">
            Create account
          </button>
        </PostForm>
      </>,
      error ? 400 : 200,
    );

  app.get('/sign-up', (c) => (open ? signUpPage(c, {}) : closedPage(c)));

  app.post('/sign-up', async (c) => {
    if (!open || !mailer) return closedPage(c);
    const form = await readForm(c, signUpForm);
    if (!form.ok) return signUpPage(c, {}, form.first);
    const { email, account: accountName } = form.values;
    // Counted for every email, known or not, before anything is looked up, made or mailed.
    const wait = await throttle.attempt(email, c.get('clientIp'));
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return checkMailPage(c, email, wait);
    }
    const log = c.get('log') ?? rt.log;
    if (await findUserByEmail(db, email)) {
      // As GitHub and Stripe do: the page says nothing, the inbox's owner is told.
      mailInBackground(log, 'already_signed_up', () => mailer.sendAlreadySignedUp(email, `${dashboardUrl}/sign-in`, `${dashboardUrl}/forgot`));
    } else {
      const { token, expiresAt } = await requests.create({ email, accountName });
      mailInBackground(log, 'sign_up_confirmation', () => mailer.sendSignUpConfirmation(email, `${dashboardUrl}/sign-up/${token}`, expiresAt));
    }
    return checkMailPage(c, email);
  });

  const openRequest = async (token: string) => (open && looksLikeToken(token) ? requests.peek(token) : null);

  app.get('/sign-up/:token', async (c) => {
    const token = c.req.param('token');
    const request = await openRequest(token);
    return request ? choosePasswordPage(c, token, request) : deadLink(c);
  });

  app.post('/sign-up/:token', async (c) => {
    const token = c.req.param('token');
    const request = await openRequest(token);
    if (!request) return deadLink(c);
    const form = await readForm(c, confirmForm);
    if (!form.ok) return choosePasswordPage(c, token, request, form.first);
    const problem = passwordProblem(form.values.password, request.email);
    if (problem) return choosePasswordPage(c, token, request, problem);
    if (form.values.password !== form.values.confirm) return choosePasswordPage(c, token, request, 'The two passwords differ.');
    const passwordHash = await hashPassword(form.values.password);
    // Taken, not just read: the link works once even when opened twice at the same moment.
    if (!(await requests.take(token))) return deadLink(c);
    const ip = c.get('clientIp');
    try {
      const { user, account } = await db.transaction(async (tx) => {
        const account = await createAccount(tx, { name: request.accountName, planId: 'free' });
        const user = await createMember(tx, { email: request.email, passwordHash, accountId: account.id, role: 'owner' });
        if (!user) throw new EmailTaken();
        await recordAudit(tx, { accountId: account.id, actor: userActor({ userId: user.id, email: user.email }, ip), action: 'user.signed_up' });
        return { user, account };
      });
      await startSession(c, db, sessions, { userId: user.id, accountId: account.id, ip });
      return c.redirect('/dashboard', 303);
    } catch (err) {
      if (!(err instanceof EmailTaken)) throw err;
      // Only the mailbox's owner gets here (the link came by mail): telling them is no leak.
      return renderPublic(
        c,
        'Already signed up',
        <p>
          {request.email} got a sign-in here after this link was sent. <a href="/dashboard/sign-in">Sign in</a> with it instead.
        </p>,
        409,
      );
    }
  });

  registerInvitationPages(app, deps);
}
