import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../logger';
import type { AppEnv } from '../context';

/** A child logger carrying the request id, and one line per finished request. */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const child = log.child({ request_id: c.get('requestId') });
    c.set('log', child);
    await next();
    child.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        account_id: c.get('principal')?.accountId,
      },
      'request',
    );
  };
}
