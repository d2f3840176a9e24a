import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { Runtime } from '../runtime';
import type { AppEnv } from './context';
import { limitBody } from './middleware/body-limit';
import { idempotency } from './middleware/idempotency';

/** Every JSON body a route reads whole; uploads stream against their own limit. */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export interface RouteGroupOptions {
  /**
   * The path prefixes the group's routes live under. Groups are mounted side by side at /v1, and a sub-app's
   * middleware for `*` would reach every path under its mount: naming the prefixes keeps each group's own.
   */
  prefixes: string[];
  /** The plan feature or key scope every route of the group needs (`requireFeature`, `requireKeyScope`). */
  guard?: MiddlewareHandler<AppEnv>;
  /** Requests whose body the route streams with its own limit (uploads); every other body is capped at JSON_BODY_LIMIT. */
  streams?: (c: Context<AppEnv>) => boolean;
}

const neverStreams = () => false;

/**
 * One product's routes, mounted at /v1 beside the others (`v1.route('/', group)`): the JSON body limit, the
 * `Idempotency-Key` handling of its POSTs and its guard are set here once, in that order, so that a keyed POST
 * is claimed or replayed only after the guard has let the caller through, and a body is read only after its
 * size was checked.
 */
export function routeGroup(rt: Pick<Runtime, 'db' | 'config'>, opts: RouteGroupOptions): Hono<AppEnv> {
  const group = new Hono<AppEnv>();
  const paths = opts.prefixes.map((p) => `${p}/*`);
  const streams = opts.streams ?? neverStreams;
  // Only where a body is expected: on @hono/node-server, touching the body of a GET builds a whole
  // WHATWG Request, which costs a GET several times its own work.
  const limitJson = limitBody(JSON_BODY_LIMIT);
  group.on(['POST', 'PUT', 'PATCH'], paths, (c, next) => (streams(c) ? next() : limitJson(c, next)));
  group.on('POST', paths, idempotency(rt, { isStreamed: streams }));
  if (opts.guard) {
    const guard = opts.guard;
    for (const path of paths) group.use(path, guard);
  }
  return group;
}
