import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Runtime } from '../runtime';
import { registerAssets } from './assets';
import { clientAddress } from '../net/client-address';
import type { DashEnv } from './context';
import { CsrfRefused, csrfProtection } from './csrf';
import type { DashboardDeps } from './deps';
import { UnreadableForm } from './form';
import { requireSignIn } from './guards';
import { createMailer } from './mailer';
import { registerAccountPage } from './pages/account';
import { registerDomainsPages } from './pages/domains';
import { registerActivityPage } from './pages/activity';
import { registerFilesPages } from './pages/files';
import { registerForgotPasswordPages } from './pages/forgot-password';
import { registerKeysPages } from './pages/keys';
import { registerMembersPages } from './pages/members';
import { registerOverviewPage } from './pages/overview';
import { registerSignInPages } from './pages/sign-in';
import { registerSignUpPages } from './pages/sign-up';
import { registerVoicesPages } from './pages/voices';
import { registerWebhooksPages } from './pages/webhooks';
import { registerSitesPages } from './pages/sites';
import { registerDeployHookPages } from './pages/deploy-hooks';
import { registerUploadDeploymentPage } from './pages/upload-deployment';
import { dashboardRateLimit } from './rate-limit';
import { securityHeaders } from './security-headers';
import { cookieNames } from './session-cookie';
import { loadSession, sessionSettings } from './sessions';
import { SignInThrottle } from './signin-throttle';
import { isUploadForm } from './upload-form';
import { notFoundPage, renderPublic } from './views/render';

/** Forms are small; anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The account holders' dashboard, mounted at /dashboard on the web process: server-rendered pages
 * (hono/jsx), plain forms that work without JavaScript, sessions in Postgres.
 */
export function createDashboard(rt: Runtime): Hono<DashEnv> {
  const cookies = cookieNames(rt.config.PUBLIC_URL);
  const deps: DashboardDeps = {
    rt,
    sessions: sessionSettings(rt.config, cookies),
    throttle: new SignInThrottle(rt.redis, rt.keys.group('signin')),
    mailer: createMailer(rt.config),
  };
  const app = new Hono<DashEnv>();
  app.use(securityHeaders());
  app.use(async (c, next) => {
    // `/dashboard/keys/` and `/dashboard/keys` are the same page; one URL each keeps links and tests simple.
    const path = c.req.path;
    if (path.length > '/dashboard'.length && path.endsWith('/') && c.req.method === 'GET') return c.redirect(path.replace(/\/+$/, ''), 301);
    await next();
  });
  registerAssets(app);
  app.use(async (c, next) => {
    c.set('clientIp', clientAddress(c, rt.config.TRUST_PROXY));
    await next();
  });
  const formLimit = bodyLimit({
    maxSize: FORM_BODY_LIMIT,
    // A page like every other answer here, not bare text.
    onError: (c) =>
      renderPublic(
        c as never,
        'Form too large',
        <p>That form was larger than any of this dashboard's forms. Go back, shorten what you entered and try again.</p>,
        413,
      ),
  });
  // The archive and voice sample uploads stream against their own (larger) limits, counted as they arrive.
  app.on('POST', '*', (c, next) => (isUploadForm(c) ? next() : formLimit(c, next)));
  app.use(loadSession(rt.db, deps.sessions));
  app.use(csrfProtection(new URL(rt.config.PUBLIC_URL).origin, cookies, isUploadForm));
  app.onError((err, c) => {
    if (err instanceof CsrfRefused) {
      c.get('log')?.warn({ reason: err.message }, 'dashboard form refused (CSRF)');
      return renderPublic(
        c as never,
        'Form refused',
        <p>
          This form was sent from another site, or the page it came from has expired. Go back, reload the page and try again.{' '}
          <a href="/dashboard">Open the dashboard</a>.
        </p>,
        403,
      );
    }
    if (err instanceof UnreadableForm) {
      c.get('log')?.warn({ reason: err.message }, 'dashboard form unreadable');
      return renderPublic(
        c as never,
        'Form not readable',
        <p>
          What was sent is not a form this dashboard can read. Go back, reload the page and try again. <a href="/dashboard">Open the dashboard</a>.
        </p>,
        400,
      );
    }
    c.get('log')?.error({ err }, 'dashboard page failed');
    return renderPublic(
      c as never,
      'Something went wrong',
      <p>The page could not be shown (request {c.get('requestId')}). Try again in a moment; if it keeps failing, give the operator this request id.</p>,
      500,
    );
  });

  registerSignInPages(app, deps);
  registerSignUpPages(app, deps);
  registerForgotPasswordPages(app, deps);
  app.use(requireSignIn());
  app.use(dashboardRateLimit(rt));
  registerOverviewPage(app, deps);
  registerKeysPages(app, deps);
  registerAccountPage(app, deps);
  registerDomainsPages(app, deps);
  registerVoicesPages(app, deps);
  registerFilesPages(app, deps);
  registerActivityPage(app, deps);
  registerMembersPages(app, deps);
  registerSitesPages(app, deps);
  registerDeployHookPages(app, deps);
  registerUploadDeploymentPage(app, deps);
  registerWebhooksPages(app, deps);
  app.all('*', (c) => notFoundPage(c));
  return app;
}
