import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger';
import { registry } from './registry';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Prometheus text at `/metrics` on a port of its own (METRICS_PORT), never on the public API or edge
 * port: the figures (queue sizes, routes, failure rates) are for the operator's scraper only.
 */
export async function startMetricsServer(port: number, log: Logger): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    registry
      .metrics()
      .then((text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      })
      .catch((err: Error) => {
        log.error({ err: { message: err.message } }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use (set METRICS_PORT to another port)`) : err),
    );
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const a = server.address();
  const boundPort = typeof a === 'object' && a ? a.port : port;
  log.info({ port: boundPort }, 'metrics listening');
  return {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
