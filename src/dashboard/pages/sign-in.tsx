import type { Context } from 'hono';
import * as v from 'valibot';
import { consumePasswordReset, findOpenPasswordReset, findUserByEmail, lockUser, primaryMembership, setPassword } from '../../db/queries/users';
import { userActor } from '../../audit/actor';
import { recordAudit } from '../../db/queries/audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { minutesText } from '../format';
import { emailField, passwordField, readForm } from '../form';
import { safeNext } from '../guards';
import { hashToken, looksLikeToken } from '../one-time-token';
import { replacePassword } from '../password-change';
import { decoyHash, hashPassword, needsRehash, passwordProblem, verifyPassword } from '../passwords';
import { endSession, startSession } from '../sessions';
import { Field, Notice, PostForm } from '../views/forms';
import { renderPublic } from '../views/render';

const SIGN_IN_MESSAGES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  'password-set': 'Your password is set. Sign in with it.',
  expired: 'Your session ended. Sign in again.',
};

const signInForm = v.object({ email: emailField, password: passwordField, next: v.optional(v.string()) });
const resetForm = v.object({ password: passwordField, confirm: v.string() });

export function registerSignInPages(app: Dashboard, { rt, sessions, throttle, mailer }: DashboardDeps) {
  const db = rt.db;

  const signInPage = (c: Context<DashEnv>, opts: { email?: string; next?: string; error?: string; notice?: string }, status: 400 | 200 | 401 | 429 = 200) =>
    renderPublic(
      c,
      'Sign in',
      <>
        {opts.notice && <Notice kind="ok">{opts.notice}</Notice>}
        {opts.error && <Notice kind="error">{opts.error}</Notice>}
        <PostForm action="/dashboard/sign-in" csrfToken={c.get('csrfToken')}>
          <input type="hidden" name="next" value={safeNext(opts.next)} />
          <Field label="Email" name="email" type="email" value={opts.email} autocomplete="username" required autofocus={!opts.email} />
          <Field label="Password" name="password" type="password" autocomplete="current-password" required autofocus={Boolean(opts.email)} />
          <button type="submit" class="primary">
            Sign in
          </button>
        </PostForm>
        <p class="muted">
          {rt.config.DASHBOARD_SIGNUP === 'open' ? (
            <>
              New to Kiln? <a href="/dashboard/sign-up">Create an account</a>.{' '}
            </>
          ) : null}
          {mailer ? <a href="/dashboard/forgot">Forgot your password?</a> : 'Forgot your password? Ask the operator of this Kiln for a reset link.'}
        </p>
      </>,
      status,
    );

  app.get('/sign-in', (c) => {
    if (c.get('session')) return c.redirect(safeNext(c.req.query('next')), 303);
    return signInPage(c, { next: c.req.query('next'), notice: SIGN_IN_MESSAGES[c.req.query('done') ?? ''] });
  });

  app.post('/sign-in', async (c) => {
    const form = await readForm(c, signInForm);
    if (!form.ok) return signInPage(c, { error: form.first }, 400);
    const { email, password, next } = form.values;
    const ip = c.get('clientIp');
    // Counted before the password check, in one step, so parallel guesses cannot all slip under the limit.
    const wait = await throttle.attempt(email, ip);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return signInPage(c, { email, next, error: `Too many failed sign-ins. Try again in ${minutesText(wait)}.` }, 429);
    }
    const user = await findUserByEmail(db, email);
    // An unknown email costs a password check too, so timing does not say who has an account.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    const membership = user && valid ? await primaryMembership(db, user.id) : null;
    if (!user || !valid || !membership) return signInPage(c, { email, next, error: 'That email and password do not match an account.' }, 401);
    await throttle.succeeded(email, ip);
    if (needsRehash(user.passwordHash)) await setPassword(db, user.id, await hashPassword(password));
    await startSession(c, db, sessions, { userId: user.id, accountId: membership.accountId, ip });
    await recordAudit(db, { accountId: membership.accountId, actor: userActor({ userId: user.id, email: user.email }, ip), action: 'user.signed_in' });
    return c.redirect(safeNext(next), 303);
  });

  app.post('/sign-out', async (c) => {
    const session = c.get('session');
    await endSession(c, db, sessions);
    if (session) {
      await recordAudit(db, {
        accountId: session.accountId,
        actor: userActor(session, c.get('clientIp')),
        action: 'user.signed_out',
      });
    }
    return c.redirect('/dashboard/sign-in?done=signed-out', 303);
  });

  const resetPage = (c: Context<DashEnv>, token: string, email: string, error?: string) =>
    renderPublic(
      c,
      'Choose a new password',
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <p>
          For <strong>{email}</strong>. Setting it signs you out everywhere else.
        </p>
        <PostForm action={`/dashboard/reset/${token}`} csrfToken={c.get('csrfToken')}>
          <input type="text" name="username" value={email} autocomplete="username" hidden readonly />
          <Field label="New password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." autofocus />
          <Field label="New password again" name="confirm" type="password" autocomplete="new-password" required />
          <button type="submit" class="primary">
            Set password
          </button>
        </PostForm>
      </>,
      error ? 400 : 200,
    );

  const deadLink = (c: Context<DashEnv>) =>
    renderPublic(
      c,
      'Link expired',
      <p>
        This link has expired or was already used. {mailer ? <a href="/dashboard/forgot">Ask for a new one</a> : 'Ask the operator of this Kiln for a new one.'}
      </p>,
      404,
    );

  app.get('/reset/:token', async (c) => {
    const token = c.req.param('token');
    const reset = looksLikeToken(token) ? await findOpenPasswordReset(db, hashToken(token)) : null;
    if (!reset) return deadLink(c);
    return resetPage(c, token, reset.email);
  });

  app.post('/reset/:token', async (c) => {
    const token = c.req.param('token');
    const reset = looksLikeToken(token) ? await findOpenPasswordReset(db, hashToken(token)) : null;
    if (!reset) return deadLink(c);
    const form = await readForm(c, resetForm);
    if (!form.ok) return resetPage(c, token, reset.email, form.first);
    const problem = passwordProblem(form.values.password, reset.email);
    if (problem) return resetPage(c, token, reset.email, problem);
    if (form.values.password !== form.values.confirm) return resetPage(c, token, reset.email, 'The two passwords differ.');
    const passwordHash = await hashPassword(form.values.password);
    const used = await db.transaction(async (tx) => {
      // Locked first, so of two links used at once the second finds itself voided by the first.
      await lockUser(tx, reset.userId);
      if (!(await consumePasswordReset(tx, hashToken(token)))) return false;
      await replacePassword(tx, reset.userId, passwordHash);
      const membership = await primaryMembership(tx, reset.userId);
      if (membership) {
        await recordAudit(tx, {
          accountId: membership.accountId,
          actor: userActor({ userId: reset.userId, email: reset.email }, c.get('clientIp')),
          action: 'user.password_reset',
        });
      }
      return true;
    });
    if (!used) return deadLink(c);
    return c.redirect('/dashboard/sign-in?done=password-set', 303);
  });
}
