import { serve, type ServerType } from '@hono/node-server';
import { createWebApp } from './web-app';
import { warmUpLanguageDetection } from '../engines/text';
import { waitForRedis, type Runtime } from '../runtime';

export interface WebServer {
  port: number;
  close(): Promise<void>;
}

export async function startWeb(rt: Runtime, port = rt.config.PORT): Promise<WebServer> {
  await waitForRedis(rt.redis);
  await rt.listenForInvalidations();
  // Text requests have their prompt's language detected here. Parsing the detector's tables blocks the
  // event loop for up to a second: done before listening, it delays no request.
  await warmUpLanguageDetection().catch((err: unknown) => rt.log.warn({ err }, 'language detector failed to load; it is retried on first use'));
  const app = createWebApp(rt);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use (set PORT to another port)`) : err),
    );
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  rt.log.info({ port: boundPort, url: rt.config.PUBLIC_URL }, 'API listening');
  return {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets; then write the
        // keys' last uses, which no request will add to now (the runtime's close writes any later ones).
        server.close(() => void rt.keyUses.flush().then(resolve));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      }),
  };
}
