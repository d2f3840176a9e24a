import { Hono, type Handler } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import type { Queues } from '../queue/queues';
import { allowedMethodsOf } from './allowed-methods';
import type { AppEnv } from './context';
import { handleError, notFoundHandler } from './middleware/errors';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** What a dashboard request carries over from the API's own context. */
interface Forwarded {
  requestId: AppEnv['Variables']['requestId'];
  log: AppEnv['Variables']['log'];
}

/**
 * bull-board has no auth of its own, so it is only mounted behind basic auth. It is loaded on the first
 * request that passes the auth: it is a heavy import, and most processes (every test) never serve it.
 */
export function mountQueueDashboard(app: Hono<AppEnv>, queues: Queues, credentials: { username: string; password: string }) {
  app.use(`${ADMIN_QUEUES_PATH}/*`, basicAuth({ ...credentials, realm: 'Kiln queues' }));
  app.use(ADMIN_QUEUES_PATH, basicAuth({ ...credentials, realm: 'Kiln queues' }));
  let dashboard: Promise<Hono<AppEnv>> | null = null;
  const serve: Handler<AppEnv> = async (c) => {
    dashboard ??= loadDashboard(queues);
    const forwarded: Forwarded = { requestId: c.get('requestId'), log: c.get('log') };
    return (await dashboard).fetch(c.req.raw, { ...(c.env as object), forwarded });
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
