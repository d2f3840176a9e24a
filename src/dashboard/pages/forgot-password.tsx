import type { Context } from 'hono';
import * as v from 'valibot';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { emailField, readForm } from '../form';
import { passwordResetLink } from '../links';
import { SignInThrottle } from '../signin-throttle';
import { Field, Notice, PostForm } from '../views/forms';
import { renderPublic } from '../views/render';

/** Reset mails: a few per email (one person's inbox) and a few more per client address, per hour. */
export const RESET_MAIL_LIMITS = { windowMs: 60 * 60_000, perEmail: 3, perAddress: 20 };

const forgotForm = v.object({ email: emailField });

/**
 * "Forgot your password?" when SMTP_URL is set: a reset link by mail. Whatever the email, the answer is
 * the same page, sent before the mail goes out, so neither its words nor its timing say whether the
 * email has a sign-in here. Without a mailer these pages do not exist and people ask the operator.
 */
export function registerForgotPasswordPages(app: Dashboard, { rt, mailer }: DashboardDeps) {
  if (!mailer) {
    app.all('/forgot', (c) => renderPublic(c, 'Not found', <p>Ask the operator of this Kiln for a password reset link.</p>, 404));
    return;
  }
  const throttle = new SignInThrottle(rt.redis, rt.keys.group('reset-mail'), RESET_MAIL_LIMITS);

  const formPage = (c: Context<DashEnv>, email?: string, error?: string) =>
    renderPublic(
      c,
      'Forgot your password?',
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <p>Enter the email you sign in with. If it has a sign-in here, we send it a link to choose a new password.</p>
        <PostForm action="/dashboard/forgot" csrfToken={c.get('csrfToken')}>
          <Field label="Email" name="email" type="email" value={email} autocomplete="username" required autofocus />
          <button type="submit" class="primary">
            Send me a link
          </button>
        </PostForm>
        <p class="muted">
          Remembered it? <a href="/dashboard/sign-in">Sign in</a>.
        </p>
      </>,
      error ? 400 : 200,
    );

  const sentPage = (c: Context<DashEnv>, email: string, wait = 0) =>
    renderPublic(
      c,
      'Check your email',
      <>
        {wait > 0 && (
          <Notice kind="warn">Several links were asked for already; no more are sent for now. Try again in {Math.ceil(wait / 60_000)} minutes.</Notice>
        )}
        <p>
          If that email has a sign-in here, a link is on its way to <strong>{email}</strong>. It works once, for a limited time. If nothing arrives within a few
          minutes, check your spam folder, then ask again.
        </p>
        <p class="muted">
          <a href="/dashboard/sign-in">Back to sign-in</a>.
        </p>
      </>,
      wait > 0 ? 429 : 200,
    );

  app.get('/forgot', (c) => formPage(c));

  app.post('/forgot', async (c) => {
    const form = await readForm(c, forgotForm);
    if (!form.ok) return formPage(c, undefined, form.first);
    const { email } = form.values;
    const ip = c.get('clientIp');
    // Counted for every email, known or not, so being throttled says nothing about the account either;
    // and counted in one step before any link is made, so parallel requests cannot pass the limit.
    const wait = await throttle.attempt(email, ip);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return sentPage(c, email, wait);
    }
    const link = await passwordResetLink(rt.db, rt.config, email, { kind: 'user', id: null, label: email, ip });
    if (link) {
      const log = c.get('log') ?? rt.log;
      // Not awaited: a slow or absent mail server must neither hold the page nor show in its timing.
      mailer.sendPasswordReset(email, link.url, link.expiresAt).then(
        () => log.info({ event: 'password_reset_mailed' }, 'password reset link mailed'),
        (err: unknown) => log.error({ err }, 'password reset mail failed; the person can ask again'),
      );
    }
    return sentPage(c, email);
  });
}
