import type { Context } from 'hono';
import * as v from 'valibot';
import { endUserSessions, findUserById, userMemberships } from '../../db/queries/users';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { passwordField, readForm } from '../form';
import { signedIn } from '../guards';
import { minutesText } from '../format';
import { replacePassword } from '../password-change';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords';
import { startSession } from '../sessions';
import { Field, Notice, PostForm } from '../views/forms';
import { notFoundPage, renderPage } from '../views/render';

const passwordForm = v.object({ current: passwordField, password: passwordField, confirm: v.string() });

/** The signed-in person's own settings: their password, and ending their other sessions. */
export function registerAccountPage(app: Dashboard, { rt, sessions, throttle }: DashboardDeps) {
  const db = rt.db;

  const accountPage = async (c: Context<DashEnv>, extra: { error?: string; notice?: string } = {}, status?: 429) => {
    const session = signedIn(c);
    const accounts = await userMemberships(db, session.userId);
    return renderPage(
      c,
      { title: 'Your sign-in', section: 'account' },
      <>
        {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
        <p>
          Signed in as <strong>{session.email}</strong>, {session.role} of {session.accountName} (<span class="mono">{session.accountId}</span>).
        </p>
        {accounts.length > 1 && (
          <section aria-labelledby="accounts">
            <h2 id="accounts">Your accounts</h2>
            <ul class="plain">
              {accounts.map((a) => (
                <li>
                  {a.accountId === session.accountId ? (
                    <>
                      <strong>{a.accountName}</strong> <span class="muted">({a.role}, current)</span>
                    </>
                  ) : (
                    <PostForm action="/dashboard/account/switch" csrfToken={c.get('csrfToken')} class="inline-one">
                      <input type="hidden" name="account" value={a.accountId} />
                      {a.accountName} <span class="muted">({a.role})</span>{' '}
                      <button type="submit" aria-label={`Switch to ${a.accountName}`}>
                        Switch
                      </button>
                    </PostForm>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="pw">
          <h2 id="pw">Change password</h2>
          {extra.error && <Notice kind="error">{extra.error}</Notice>}
          <PostForm action="/dashboard/account/password" csrfToken={c.get('csrfToken')}>
            <input type="text" name="username" value={session.email} autocomplete="username" hidden readonly />
            <Field label="Current password" name="current" type="password" autocomplete="current-password" required />
            <Field label="New password" name="password" type="password" autocomplete="new-password" required hint="At least 10 characters." />
            <Field label="New password again" name="confirm" type="password" autocomplete="new-password" required />
            <button type="submit" class="primary">
              Change password
            </button>
          </PostForm>
        </section>
        <section aria-labelledby="sessions">
          <h2 id="sessions">Sessions</h2>
          <p>Signed in on another computer you no longer use? End every session, this one included.</p>
          <PostForm action="/dashboard/account/sign-out-everywhere" csrfToken={c.get('csrfToken')}>
            <button type="submit">Sign out everywhere</button>
          </PostForm>
        </section>
      </>,
      status ?? (extra.error ? 400 : 200),
    );
  };

  app.get('/account', (c) =>
    accountPage(c, { notice: c.req.query('done') === 'password' ? 'Your password is changed; other sessions were ended.' : undefined }),
  );

  app.post('/account/password', async (c) => {
    const session = signedIn(c);
    const form = await readForm(c, passwordForm);
    if (!form.ok) return accountPage(c, { error: form.first });
    // A stolen session must not become a free password oracle: the same count as sign-in.
    const ip = c.get('clientIp');
    const wait = await throttle.attempt(session.email, ip);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return accountPage(c, { error: `Too many wrong passwords. Try again in ${minutesText(wait)}.` }, 429);
    }
    const user = await findUserById(db, session.userId);
    if (!user || !(await verifyPassword(form.values.current, user.passwordHash))) return accountPage(c, { error: 'The current password is not right.' });
    await throttle.succeeded(session.email, ip);
    const problem = passwordProblem(form.values.password, session.email);
    if (problem) return accountPage(c, { error: problem });
    if (form.values.password !== form.values.confirm) return accountPage(c, { error: 'The two new passwords differ.' });
    const passwordHash = await hashPassword(form.values.password);
    // A changed password voids open reset links and ends every session; this browser gets a fresh one.
    await db.transaction((tx) => replacePassword(tx, session.userId, passwordHash));
    await startSession(c, db, sessions, { userId: session.userId, accountId: session.accountId, ip: c.get('clientIp') });
    return c.redirect('/dashboard/account?done=password', 303);
  });

  // Acting in another account is a new session for it: the old one ends, and the cookie and form token change.
  app.post('/account/switch', async (c) => {
    const session = signedIn(c);
    const form = await readForm(c, v.object({ account: v.string() }));
    const target = form.ok ? (await userMemberships(db, session.userId)).find((a) => a.accountId === form.values.account) : undefined;
    if (!target) return notFoundPage(c, 'account');
    await startSession(c, db, sessions, { userId: session.userId, accountId: target.accountId, ip: c.get('clientIp') });
    return c.redirect('/dashboard', 303);
  });

  app.post('/account/sign-out-everywhere', async (c) => {
    await endUserSessions(db, signedIn(c).userId);
    return c.redirect('/dashboard/sign-in?done=signed-out', 303);
  });
}
