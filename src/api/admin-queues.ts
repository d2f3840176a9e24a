import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import type { Queues } from '../queue/queues';
import type { AppEnv } from './context';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** bull-board has no auth of its own, so it is only mounted behind basic auth. */
export function mountQueueDashboard(app: Hono<AppEnv>, queues: Queues, credentials: { username: string; password: string }) {
  const adapter = new HonoAdapter(serveStatic);
  createBullBoard({ queues: queues.all().map((q) => new BullMQAdapter(q)), serverAdapter: adapter });
  adapter.setBasePath(ADMIN_QUEUES_PATH);
  app.use(`${ADMIN_QUEUES_PATH}/*`, basicAuth({ ...credentials, realm: 'Kiln queues' }));
  app.use(ADMIN_QUEUES_PATH, basicAuth({ ...credentials, realm: 'Kiln queues' }));
  app.route(ADMIN_QUEUES_PATH, adapter.registerPlugin());
}
