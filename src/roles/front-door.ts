import type { Context, Hono } from 'hono';
import type { AppEnv } from '../api/context';

/** The q-value the Accept header gives a media type: its own entry, else its `type/*` entry, else 0 (`*\/*` is left out). */
function quality(accept: string, type: string, wildcard: string): number {
  const ranges = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(value)) ranges.set(range, value);
  }
  return ranges.get(type) ?? ranges.get(wildcard) ?? 0;
}

/**
 * A browser asks for HTML by name (`text/html,…,*\/*;q=0.8`); an API client asks for JSON, for anything
 * (`*\/*`, curl's default) or for nothing. Only the first gets the page.
 */
export function wantsHtml(c: Context): boolean {
  const accept = c.req.header('Accept') ?? '';
  const html = quality(accept, 'text/html', 'text/*');
  return html > 0 && html >= quality(accept, 'application/json', 'application/*');
}

/**
 * `GET /`: a browser is sent to the dashboard (which asks a visitor without a session to sign in); any other
 * client gets a short index of where things are, as absolute URLs of this installation.
 */
export function registerFrontDoor(app: Hono<AppEnv>, opts: { publicUrl: string; dashboardPath: string }) {
  const url = (path: string) => `${opts.publicUrl}${path}`;
  const index = {
    object: 'service',
    name: 'Kiln API',
    api: url('/v1'),
    links: {
      docs: url('/docs'),
      openapi: url('/openapi.json'),
      health: url('/health'),
      ready: url('/readyz'),
      dashboard: url(opts.dashboardPath),
    },
  };
  app.get('/', (c) => {
    c.header('Vary', 'Accept');
    if (wantsHtml(c)) return c.redirect(opts.dashboardPath, 302);
    return c.json(index);
  });
}
