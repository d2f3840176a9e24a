import type { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { triggerDeployHook } from '../../../hosting/deploy-hooks';
import { clientAddress } from '../../../net/client-address';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { ApiError, forbidden, notFound } from '../../../errors/api-error';
import { deploymentSchema, deploymentView } from '../../../hosting/views';
import { errorResponses } from '../../schemas/responses';

export const HOOK_TRIGGER_PATH = '/v1/hosting/hooks/:hook_id/:secret';

/**
 * The one /v1 route without an API key: the secret in the URL is the credential. Registered on the app
 * itself, ahead of /v1's authentication, rate limit and Idempotency-Key (a hook has its own limit, and
 * a repeated call is meant to deploy again). The body (a CMS's payload) is never read.
 */
export function registerDeployHookTrigger(app: Hono<AppEnv>, rt: Pick<Runtime, 'db' | 'config' | 'rateLimiter' | 'siteOwners' | 'deploymentIntake'>) {
  app.post(
    HOOK_TRIGGER_PATH,
    describeRoute({
      tags: ['Hosting'],
      summary: 'Call a deploy hook',
      description:
        'Redeploys the hook’s site from its latest content (as POST /v1/hosting/deployments without `source_url`), with the ' +
        'same `deployment.*` events. No API key: the URL’s secret is the credential. Any body is ignored. At most 10 calls ' +
        'a minute per hook (429 with `Retry-After`); an unknown or deleted hook, or a wrong secret, is 404. Each call is in the ' +
        'account’s activity log (the dashboard’s Activity page) with the caller’s address and the deployment it started.',
      security: [],
      responses: {
        202: { description: 'Deployment queued; poll it with an API key', content: { 'application/json': { schema: resolver(deploymentSchema) } } },
        ...errorResponses(403, 404, 429),
      },
    }),
    async (c) => {
      const outcome = await triggerDeployHook(rt, {
        hookId: c.req.param('hook_id'),
        secret: c.req.param('secret'),
        ip: clientAddress(c, rt.config.TRUST_PROXY),
      });
      if (outcome.kind === 'not_found') throw notFound('No such deploy hook (it may have been deleted).');
      if (outcome.kind === 'no_hosting') throw forbidden('The account’s plan no longer includes hosting.');
      if (outcome.kind === 'rate_limited') {
        throw new ApiError('rate_limit_exceeded', `A deploy hook takes at most ${outcome.limit} calls a minute; retry in ${outcome.retryAfterSeconds} s.`, {
          'Retry-After': String(outcome.retryAfterSeconds),
        });
      }
      return c.json(deploymentView(outcome.deployment, rt.config), 202);
    },
  );
  // Any other method (a browser opening the URL, a CMS set to GET) is told to POST, before /v1's
  // authentication could answer 401 for a credential the URL already carries. The message leaves the
  // path out: it holds the hook's secret.
  app.all(HOOK_TRIGGER_PATH, (c) => {
    throw new ApiError(
      'method_not_allowed',
      `${c.req.method} is not allowed on a deploy hook’s URL; call it with POST (no API key: the URL’s secret is the credential).`,
      {
        Allow: 'POST',
      },
    );
  });
}
