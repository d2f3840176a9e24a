import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../../logger';
import type { AppEnv } from '../context';

/**
 * A deploy hook's URL is its credential (`/v1/hosting/hooks/{hook_id}/{secret}`): the log keeps the hook id and
 * never the secret, whatever the request's answer, so that logs can be shipped where secrets cannot.
 */
const HOOK_SECRET_SEGMENT = /^(\/v1\/hosting\/hooks\/[^/]+\/)[^/]+/;

export function loggablePath(path: string): string {
  return path.replace(HOOK_SECRET_SEGMENT, '$1[redacted]');
}

/**
 * Puts the process logger on the context and writes one line per finished request. The child logger
 * that carries the request id is made only when something is logged (`requestLogger`), because making
 * one per request costs a fast endpoint a noticeable share of its time.
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  const logRequests = log.isLevelEnabled('info');
  return async (c, next) => {
    c.set('log', log);
    if (!logRequests) return next();
    const started = performance.now();
    await next();
    log.info(
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        account_id: c.get('principal')?.accountId,
      },
      'request',
    );
  };
}

/** A logger whose every line carries this request's id. */
export function requestLogger(c: Context<AppEnv>): Logger {
  return c.get('log').child({ request_id: c.get('requestId') });
}
