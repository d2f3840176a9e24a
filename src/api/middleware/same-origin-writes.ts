import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError, forbidden } from '../../errors/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * For pages a browser signs in to with ambient credentials (basic auth, which the browser then sends with
 * any site's request): every state-changing request must come from this origin, by the browser's own word
 * (Sec-Fetch-Site same-origin, or none for what the user typed) or, from a browser too old to say, an
 * Origin that is ours. A request that carries neither is refused as well: scripts send `Origin: PUBLIC_URL`.
 * A body must also be declared JSON: a cross-site form can only send form encodings and text/plain, which
 * a JSON parser that ignores the content type would otherwise read.
 */
export function sameOriginWrites(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const fromHere =
      site !== undefined
        ? site === 'same-origin' || site === 'none'
        : origin !== undefined && (origin === publicOrigin || origin === new URL(c.req.url).origin);
    if (!fromHere) {
      throw forbidden(
        `${c.req.method} ${c.req.path} is only accepted from this service's own pages (Sec-Fetch-Site: same-origin, or Origin: ${publicOrigin}).`,
      );
    }
    const type = c.req.header('content-type');
    const hasBody = type !== undefined || c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;
    if (hasBody && !JSON_TYPE.test(type ?? '')) {
      throw new ApiError('unsupported_media_type', `A body sent to ${c.req.path} must be JSON (Content-Type: application/json), not ${type ?? 'undeclared'}.`);
    }
    await next();
  };
}
