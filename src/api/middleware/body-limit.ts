import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { ApiError } from '../../errors/api-error';

/**
 * Refuses a request body over `maxBytes` with 413 `payload_too_large`. A body with a declared length
 * (and no Transfer-Encoding) is judged by its header alone, as hono's bodyLimit does too, but without
 * touching `c.req.raw.body` first: on @hono/node-server that builds a whole WHATWG Request and stream
 * around the IncomingMessage, where `c.req.text()` otherwise reads the message directly. A body of
 * undeclared length (chunked) goes through hono's bodyLimit, which counts it as it arrives.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (): never => {
    throw new ApiError('payload_too_large', `Request body is larger than ${maxBytes / 1024 / 1024} MB.`);
  };
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(length, 10) > maxBytes) tooLarge();
    await next();
  };
}
