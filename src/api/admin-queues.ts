import { Hono, type Handler, type MiddlewareHandler } from 'hono';
import { addressBucket } from '../net/address-bucket';
import { clientAddress } from '../net/client-address';
import type { Queues } from '../queue/queues';
import type { Runtime } from '../runtime';
import { allowedMethodsOf } from './allowed-methods';
import type { AppEnv } from './context';
import { FailedLoginThrottle } from './failed-login-throttle';
import { handleError, notFoundHandler } from './middleware/errors';
import { sameOriginWrites } from './middleware/same-origin-writes';
import { throttledBasicAuth } from './middleware/throttled-basic-auth';
import { stripExternalLinks } from './strip-external-links';
import { securityHeaders } from '../net/security-headers';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** What a dashboard request carries over from the API's own context. */
interface Forwarded {
  requestId: AppEnv['Variables']['requestId'];
  log: AppEnv['Variables']['log'];
}

/**
 * bull-board's page runs its own scripts and stylesheets (and inline style attributes) from this origin,
 * and talks only to its own API. Nothing from another host, and never inside another site's frame.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * bull-board has no auth of its own, so it is only mounted behind basic auth, which a browser then sends
 * with any site's request: hence writes from this origin only, wrong passwords throttled per address, and
 * no framing. It is loaded on the first request that passes: a heavy import most processes never need.
 */
export function mountQueueDashboard(app: Hono<AppEnv>, rt: Pick<Runtime, 'queues' | 'redis' | 'config'>, credentials: { username: string; password: string }) {
  const guards: MiddlewareHandler<AppEnv>[] = [
    securityHeaders({ csp: CSP }),
    sameOriginWrites(new URL(rt.config.PUBLIC_URL).origin),
    throttledBasicAuth({
      ...credentials,
      realm: 'Kiln queues',
      throttle: new FailedLoginThrottle(rt.redis, `${rt.config.REDIS_PREFIX}:admin-login`),
      clientOf: (c) => addressBucket(clientAddress(c, rt.config.TRUST_PROXY)),
    }),
  ];
  app.use(`${ADMIN_QUEUES_PATH}/*`, ...guards);
  app.use(ADMIN_QUEUES_PATH, ...guards);
  let dashboard: Promise<Hono<AppEnv>> | null = null;
  const serve: Handler<AppEnv> = async (c) => {
    dashboard ??= loadDashboard(rt.queues);
    const forwarded: Forwarded = { requestId: c.get('requestId'), log: c.get('log') };
    const res = await (await dashboard).fetch(c.req.raw, { ...(c.env as object), forwarded });
    if (!res.headers.get('content-type')?.startsWith('text/html')) return res;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(stripExternalLinks(await res.text()), { status: res.status, headers });
  };
  app.all(ADMIN_QUEUES_PATH, serve);
  app.all(`${ADMIN_QUEUES_PATH}/*`, serve);
}

async function loadDashboard(queues: Queues): Promise<Hono<AppEnv>> {
  const [{ createBullBoard }, { BullMQAdapter }, { HonoAdapter }, { serveStatic }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/hono'),
    import('@hono/node-server/serve-static'),
  ]);
  const adapter = new HonoAdapter(serveStatic);
  createBullBoard({ queues: queues.all().map((q) => new BullMQAdapter(q)), serverAdapter: adapter });
  adapter.setBasePath(ADMIN_QUEUES_PATH);
  // Its own app, answering misses and failures the way the API does, with the API request's id and log.
  const dashboard = new Hono<AppEnv>();
  dashboard.use(async (c, next) => {
    const { forwarded } = c.env as { forwarded: Forwarded };
    c.set('requestId', forwarded.requestId);
    c.set('log', forwarded.log);
    await next();
  });
  dashboard.onError(handleError);
  dashboard.notFound(notFoundHandler(allowedMethodsOf(dashboard)));
  dashboard.route(ADMIN_QUEUES_PATH, adapter.registerPlugin());
  return dashboard;
}
