import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setResponseHeader } from '../response-headers';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What hono's requestId middleware accepts from a client: word characters, `-` and `=`, at most 255. */
const ACCEPTED = /^[\w\-=]{1,255}$/;

/**
 * `c.var.requestId`: the client's X-Request-Id when it is an acceptable one, else a new UUID; echoed in the
 * answer's X-Request-Id (as hono's requestId middleware does, but without a Headers object per response).
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header(REQUEST_ID_HEADER);
    const id = sent !== undefined && ACCEPTED.test(sent) ? sent : randomUUID();
    c.set('requestId', id);
    setResponseHeader(c, REQUEST_ID_HEADER, id);
    await next();
  };
}
