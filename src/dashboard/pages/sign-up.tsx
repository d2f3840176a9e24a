import type { Context } from 'hono';
import * as v from 'valibot';
import { createAccount } from '../../db/queries/accounts';
import { recordAudit } from '../../db/queries/audit';
import { addMembership, consumeInvitation, createMember, findOpenInvitation, findUserByEmail } from '../../db/queries/users';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { emailField, labelField, passwordField, readForm } from '../form';
import { hashToken, looksLikeToken } from '../one-time-token';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords';
import { startSession } from '../sessions';
import { Field, Notice, PostForm } from '../views/forms';
import { renderPublic } from '../views/render';

const signUpForm = v.object({ email: emailField, password: passwordField, account: labelField('account name', 80) });
const inviteForm = v.object({ password: passwordField });

class EmailTaken extends Error {}

/**
 * Getting a sign-in, as the operator chose (DASHBOARD_SIGNUP): `open` lets anyone create an account on
 * the free plan; `invite` accepts the operator's one-time links; `closed` accepts neither.
 */
export function registerSignUpPages(app: Dashboard, { rt, sessions }: DashboardDeps) {
  const db = rt.db;
  const mode = rt.config.DASHBOARD_SIGNUP;

  const signUpPage = (c: Context<DashEnv>, values: { email?: string; account?: string }, error?: string) =>
    renderPublic(
      c,
      'Create an account',
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <PostForm action="/dashboard/sign-up" csrfToken={c.get('csrfToken')}>
          <Field label="Email" name="email" type="email" value={values.email} autocomplete="username" required autofocus />
          <Field label="Password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." />
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

  const closedPage = (c: Context<DashEnv>) => renderPublic(c, 'Sign-up is by invitation', <p>Ask the operator of this Kiln for an invitation link.</p>, 404);

  app.get('/sign-up', (c) => (mode === 'open' ? signUpPage(c, {}) : closedPage(c)));

  app.post('/sign-up', async (c) => {
    if (mode !== 'open') return closedPage(c);
    const form = await readForm(c, signUpForm);
    if (!form.ok) return signUpPage(c, {}, form.first);
    const { email, password, account: accountName } = form.values;
    const problem = passwordProblem(password, email);
    if (problem) return signUpPage(c, { email, account: accountName }, problem);
    const passwordHash = await hashPassword(password);
    const ip = c.get('clientIp');
    try {
      const { user, account } = await db.transaction(async (tx) => {
        const account = await createAccount(tx, { name: accountName, planId: 'free' });
        const user = await createMember(tx, { email, passwordHash, accountId: account.id, role: 'owner' });
        if (!user) throw new EmailTaken();
        await recordAudit(tx, { accountId: account.id, actorUserId: user.id, actor: user.email, action: 'user.signed_up', ip });
        return { user, account };
      });
      await startSession(c, db, sessions, { userId: user.id, accountId: account.id, ip });
      return c.redirect('/dashboard', 303);
    } catch (err) {
      if (!(err instanceof EmailTaken)) throw err;
      return signUpPage(c, { account: accountName }, 'That email already has a sign-in here. Sign in instead, or use another address.');
    }
  });

  const deadInvite = (c: Context<DashEnv>) =>
    renderPublic(c, 'Invitation expired', <p>This invitation has expired or was already used. Ask whoever invited you for a new link.</p>, 404);

  const invitePage = (c: Context<DashEnv>, token: string, invite: { email: string; accountName: string; role: string }, existing: boolean, error?: string) =>
    renderPublic(
      c,
      `Join ${invite.accountName}`,
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <p>
          You are invited to <strong>{invite.accountName}</strong> as {invite.role === 'owner' ? 'an owner' : 'a member'}, signing in as{' '}
          <strong>{invite.email}</strong>.
        </p>
        <PostForm action={`/dashboard/invite/${token}`} csrfToken={c.get('csrfToken')}>
          <input type="text" name="username" value={invite.email} autocomplete="username" hidden readonly />
          {existing ? (
            <Field label="Your current password" name="password" type="password" autocomplete="current-password" required autofocus />
          ) : (
            <Field label="Choose a password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." autofocus />
          )}
          <button type="submit" class="primary">
            {existing ? 'Join and sign in' : 'Create sign-in'}
          </button>
        </PostForm>
      </>,
      error ? 400 : 200,
    );

  const openInvite = async (token: string) => (mode !== 'closed' && looksLikeToken(token) ? findOpenInvitation(db, hashToken(token)) : null);

  app.get('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const invite = await openInvite(token);
    if (!invite) return deadInvite(c);
    return invitePage(c, token, invite, Boolean(await findUserByEmail(db, invite.email)));
  });

  app.post('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const invite = await openInvite(token);
    if (!invite) return deadInvite(c);
    const existing = await findUserByEmail(db, invite.email);
    const form = await readForm(c, inviteForm);
    if (!form.ok) return invitePage(c, token, invite, Boolean(existing), form.first);
    const { password } = form.values;
    const ip = c.get('clientIp');
    // Someone who already signs in here proves it with their password; a newcomer chooses one.
    if (existing && !(await verifyPassword(password, existing.passwordHash)))
      return invitePage(c, token, invite, true, 'That is not the password of this sign-in.');
    const problem = existing ? null : passwordProblem(password, invite.email);
    if (problem) return invitePage(c, token, invite, false, problem);
    const passwordHash = existing ? null : await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      if (!(await consumeInvitation(tx, invite.tokenHash))) return null;
      let userId = existing?.id;
      if (userId) await addMembership(tx, { userId, accountId: invite.accountId, role: invite.role });
      else {
        const user = await createMember(tx, { email: invite.email, passwordHash: passwordHash!, accountId: invite.accountId, role: invite.role });
        if (!user) return null;
        userId = user.id;
      }
      await recordAudit(tx, {
        accountId: invite.accountId,
        actorUserId: userId,
        actor: invite.email,
        action: 'user.signed_up',
        detail: { role: invite.role, invited: true },
        ip,
      });
      return userId;
    });
    if (!userId) return deadInvite(c);
    await startSession(c, db, sessions, { userId, accountId: invite.accountId, ip });
    return c.redirect('/dashboard', 303);
  });
}
