import type { Context } from 'hono';
import * as v from 'valibot';
import { userActor } from '../../audit/actor';
import { recordAudit } from '../../db/queries/audit';
import { addMembership, consumeInvitation, createMember, findOpenInvitation, findUserByEmail } from '../../db/queries/users';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { passwordField, readForm } from '../form';
import { mailInBackground } from '../mail-in-background';
import { hashToken, looksLikeToken } from '../one-time-token';
import { hashPassword, passwordProblem } from '../passwords';
import { startSession } from '../sessions';
import { SignInThrottle } from '../signin-throttle';
import { Field, Notice, PostForm } from '../views/forms';
import { renderPublic } from '../views/render';

/** "Sign in to accept" mails per hour: each invitation link could otherwise mail its invitee on every post. */
export const INVITATION_MAIL_LIMITS = { windowMs: 60 * 60_000, perEmail: 3, perAddress: 20 };

const newcomerForm = v.object({ password: passwordField });

class EmailTaken extends Error {}

type Invitation = NonNullable<Awaited<ReturnType<typeof findOpenInvitation>>>;

/**
 * Accepting an invitation, as GitHub does. An email that already has a sign-in accepts it only from a
 * session signed in as that email (the sign-in page brings them back here), so the link never checks a
 * password and cannot be used to guess one. Everyone else sees the same form, to choose a password for a
 * new sign-in: the page does not say whether the email has one. When it turns out that it has, the
 * password is not used; the person is told to sign in first, and the link is mailed to that email.
 */
export function registerInvitationPages(app: Dashboard, { rt, sessions, mailer }: DashboardDeps) {
  const db = rt.db;
  const mode = rt.config.DASHBOARD_SIGNUP;
  const mailThrottle = new SignInThrottle(rt.redis, rt.keys.group('invite-mail'), INVITATION_MAIL_LIMITS);

  const deadInvite = (c: Context<DashEnv>) =>
    renderPublic(c, 'Invitation expired', <p>This invitation has expired or was already used. Ask whoever invited you for a new link.</p>, 404);

  const signInLink = (token: string) => `/dashboard/sign-in?next=${encodeURIComponent(`/dashboard/invite/${token}`)}`;

  const intro = (invite: Invitation) => (
    <p>
      You are invited to <strong>{invite.accountName}</strong> as {invite.role === 'owner' ? 'an owner' : 'a member'}, signing in as{' '}
      <strong>{invite.email}</strong>.
    </p>
  );

  /** What anyone without a session as the invited email sees: the same whether or not it has a sign-in. */
  const newcomerPage = (c: Context<DashEnv>, token: string, invite: Invitation, error?: string) =>
    renderPublic(
      c,
      `Join ${invite.accountName}`,
      <>
        {error && <Notice kind="error">{error}</Notice>}
        {intro(invite)}
        <PostForm action={`/dashboard/invite/${token}`} csrfToken={c.get('csrfToken')}>
          <input type="text" name="username" value={invite.email} autocomplete="username" hidden readonly />
          <Field label="Choose a password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." autofocus />
          <button type="submit" class="primary">
            Create sign-in
          </button>
        </PostForm>
        <p class="muted">
          Already sign in to this Kiln as {invite.email}? <a href={signInLink(token)}>Sign in first</a>; you come back here to join.
        </p>
      </>,
      error ? 400 : 200,
    );

  const signInFirstPage = (c: Context<DashEnv>, token: string, invite: Invitation) =>
    renderPublic(
      c,
      'Sign in to join',
      <>
        {intro(invite)}
        <p>
          No new sign-in was made with this link. If {invite.email} already signs in here, <a href={signInLink(token)}>sign in with it</a> and open this link
          again to join; {mailer ? 'the link has been mailed to that address too.' : 'the invitation waits until then.'}
        </p>
      </>,
      409,
    );

  const joinPage = (c: Context<DashEnv>, token: string, invite: Invitation) =>
    renderPublic(
      c,
      `Join ${invite.accountName}`,
      <>
        {intro(invite)}
        <PostForm action={`/dashboard/invite/${token}`} csrfToken={c.get('csrfToken')}>
          <button type="submit" class="primary">
            Join {invite.accountName}
          </button>
        </PostForm>
      </>,
    );

  const otherPersonPage = (c: Context<DashEnv>, invite: Invitation, signedInAs: string) =>
    renderPublic(
      c,
      'Invitation for someone else',
      <>
        <p>
          This invitation is for <strong>{invite.email}</strong>, and you are signed in as <strong>{signedInAs}</strong>. Sign out, then open the link again and
          sign in as {invite.email}.
        </p>
        <PostForm action="/dashboard/sign-out" csrfToken={c.get('csrfToken')}>
          <button type="submit">Sign out</button>
        </PostForm>
      </>,
      403,
    );

  const openInvite = async (token: string) => (mode !== 'closed' && looksLikeToken(token) ? findOpenInvitation(db, hashToken(token)) : null);

  /** Uses the invitation once and adds the membership: to an existing sign-in, or to a new one made with the password hash. */
  const accept = (c: Context<DashEnv>, invite: Invitation, person: { userId: string } | { passwordHash: string }) =>
    db.transaction(async (tx) => {
      if (!(await consumeInvitation(tx, invite.tokenHash))) return null;
      let userId: string;
      if ('userId' in person) {
        userId = person.userId;
        await addMembership(tx, { userId, accountId: invite.accountId, role: invite.role });
      } else {
        const user = await createMember(tx, { email: invite.email, passwordHash: person.passwordHash, accountId: invite.accountId, role: invite.role });
        // The email got a sign-in since the check: roll back, so the invitation stays for that sign-in.
        if (!user) throw new EmailTaken();
        userId = user.id;
      }
      await recordAudit(tx, {
        accountId: invite.accountId,
        actor: userActor({ userId, email: invite.email }, c.get('clientIp')),
        action: 'user.signed_up',
        detail: { role: invite.role, invited: true },
      });
      return userId;
    });

  /** The email has a sign-in: the password posted is not used; its owner gets the link by mail. */
  const signInFirst = async (c: Context<DashEnv>, token: string, invite: Invitation, ip: string | null) => {
    if (mailer && (await mailThrottle.attempt(invite.email, ip)) === 0) {
      const url = `${rt.config.PUBLIC_URL}/dashboard/invite/${token}`;
      mailInBackground(c.get('log') ?? rt.log, 'invitation_sign_in', () => mailer.sendInvitationNeedsSignIn(invite.email, invite.accountName, url));
    }
    return signInFirstPage(c, token, invite);
  };

  app.get('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const invite = await openInvite(token);
    if (!invite) return deadInvite(c);
    const session = c.get('session');
    if (session?.email === invite.email) return joinPage(c, token, invite);
    if (session) return otherPersonPage(c, invite, session.email);
    return newcomerPage(c, token, invite);
  });

  app.post('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const invite = await openInvite(token);
    if (!invite) return deadInvite(c);
    const session = c.get('session');
    const ip = c.get('clientIp');
    if (session && session.email !== invite.email) return otherPersonPage(c, invite, session.email);
    if (session) {
      // Signed in as the invited email: that sign-in is the proof, no password is asked.
      const userId = await accept(c, invite, { userId: session.userId });
      if (!userId) return deadInvite(c);
      await startSession(c, db, sessions, { userId, accountId: invite.accountId, ip });
      return c.redirect('/dashboard', 303);
    }
    const form = await readForm(c, newcomerForm);
    if (!form.ok) return newcomerPage(c, token, invite, form.first);
    const problem = passwordProblem(form.values.password, invite.email);
    if (problem) return newcomerPage(c, token, invite, problem);
    const existing = await findUserByEmail(db, invite.email);
    if (existing) return signInFirst(c, token, invite, ip);
    const passwordHash = await hashPassword(form.values.password);
    let userId: string | null;
    try {
      userId = await accept(c, invite, { passwordHash });
    } catch (err) {
      if (err instanceof EmailTaken) return signInFirst(c, token, invite, ip);
      throw err;
    }
    if (!userId) return deadInvite(c);
    await startSession(c, db, sessions, { userId, accountId: invite.accountId, ip });
    return c.redirect('/dashboard', 303);
  });
}
