import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The baseline: the smallest Hono app on the same HTTP stack as Kiln. `PORT` is required. */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('hello-server: set PORT\n');
  process.exit(2);
}

const app = new Hono().get('/', (c) => c.text('Hello'));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`hello-server listening on ${info.port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
