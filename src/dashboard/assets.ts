import { readFileSync } from 'node:fs';
import type { Dashboard } from './context';
import { notFoundPage } from './views/render';

/**
 * The dashboard's one stylesheet and one small script, served by Kiln itself (the CSP allows nothing
 * else). Read once at start; a restart picks up a new version, and the short max-age lets it spread.
 */
const ASSETS: Record<string, { file: string; type: string }> = {
  'dashboard.css': { file: 'assets/dashboard.css', type: 'text/css; charset=utf-8' },
  'dashboard.js': { file: 'assets/dashboard.js', type: 'text/javascript; charset=utf-8' },
};

export function registerAssets(app: Dashboard) {
  const loaded = new Map(Object.entries(ASSETS).map(([name, a]) => [name, { body: readFileSync(new URL(a.file, import.meta.url)), type: a.type }]));
  app.get('/assets/:name', (c) => {
    const asset = loaded.get(c.req.param('name'));
    if (!asset) return notFoundPage(c);
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=300' });
  });
}
