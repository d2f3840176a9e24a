import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../context';
import { invalidParameter } from '../../errors/api-error';
import { unstorableCharacter } from '../schemas/storable-text';

/** Why a percent-encoded piece of the URL cannot be used, or null when it decodes to storable text. */
function decodingProblem(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return 'is not valid percent-encoded UTF-8';
  }
  const problem = unstorableCharacter(decoded);
  return problem && `contains ${problem}`;
}

const shown = (raw: string) => (raw.length > 100 ? `${raw.slice(0, 100)}…` : raw);

/** `path parameter 'id'` when the matched route names that segment, else `path segment '…'`. */
/** The route's name for a path segment (`domain` in `/hosting/domains/:domain`), if it is a parameter. */
function segmentName(route: string, index: number): string | undefined {
  return /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(route.split('/')[index] ?? '')?.[1];
}

function describeSegment(route: string, index: number, raw: string): string {
  const name = segmentName(route, index);
  return name ? `path parameter '${name}'` : `path segment '${shown(raw)}'`;
}

/**
 * Every path segment and query parameter must decode (UTF-8 percent-encoding) to text Postgres can
 * store, or the request answers 400 `invalid_parameter` naming it. Routes read ids and domains from the
 * path and look them up: `%zz` would throw in decoding and `%00` would reach the database as NUL, both
 * 500s. Checked once here, for every /v1 route, so a new route needs nothing of its own.
 */
export function requireDecodableTarget(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const queryStart = url.indexOf('?');
    const pathEnd = queryStart === -1 ? url.length : queryStart;
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2), pathEnd);
    if (path.includes('%')) {
      const segments = path.split('/');
      for (let i = 0; i < segments.length; i++) {
        const raw = segments[i]!;
        const problem = raw.includes('%') ? decodingProblem(raw) : null;
        if (problem) throw invalidParameter(`The ${describeSegment(routePath(c, -1), i, raw)} ${problem}.`, segmentName(routePath(c, -1), i));
      }
    }
    if (queryStart !== -1) {
      const hash = url.indexOf('#', queryStart);
      for (const pair of url.slice(queryStart + 1, hash === -1 ? undefined : hash).split('&')) {
        if (!pair.includes('%')) continue;
        const eq = pair.indexOf('=');
        const rawName = eq === -1 ? pair : pair.slice(0, eq);
        const problem = decodingProblem(rawName.replace(/\+/g, ' ')) ?? (eq === -1 ? null : decodingProblem(pair.slice(eq + 1).replace(/\+/g, ' ')));
        if (problem) throw invalidParameter(`The query parameter '${shown(rawName)}' ${problem}.`, shown(rawName));
      }
    }
    await next();
  };
}
