import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import (static, `export … from`, dynamic) of every file under src/, as paths from src/. */
function importGraph(): { from: string; to: string }[] {
  const specifier = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(specifier)].map((m) => ({
      from: relative(SRC, file),
      to: relative(SRC, resolve(dirname(file), m[1] ?? m[2]!)),
    })),
  );
}

const under = (folder: string) => (path: string) => path === folder || path.startsWith(`${folder}/`);
const inApi = under('api');
const inDashboard = under('dashboard');
/** Where the processes are composed: the only places that may reach into a face. */
const composes = (path: string) => under('roles')(path) || path === 'main.ts' || path === 'cli.ts';

describe('the layers of src/ (docs/architecture.md)', () => {
  const edges = importGraph();

  it('reads the imports it checks', () => {
    expect(edges.filter((e) => inApi(e.to)).length).toBeGreaterThan(10);
  });

  it('imports src/api/ only from the API itself and where processes are composed', () => {
    const offending = edges.filter((e) => inApi(e.to) && !inApi(e.from) && !composes(e.from)).map((e) => `${e.from} -> ${e.to}`);
    expect(offending).toEqual([]);
  });

  it('keeps the two faces apart: the API and the dashboard import nothing of each other', () => {
    const offending = edges.filter((e) => (inApi(e.from) && inDashboard(e.to)) || (inDashboard(e.from) && inApi(e.to))).map((e) => `${e.from} -> ${e.to}`);
    expect(offending).toEqual([]);
  });

  it('keeps workers below the faces', () => {
    const offending = edges.filter((e) => under('workers')(e.from) && (inApi(e.to) || inDashboard(e.to))).map((e) => `${e.from} -> ${e.to}`);
    expect(offending).toEqual([]);
  });
});

describe('route groups (src/api/route-group.ts)', () => {
  it("set each product's guard once, in the group's index.ts, never per route", () => {
    const routes = sourceFiles(join(SRC, 'api', 'routes')).filter((f) => !f.endsWith('/index.ts'));
    expect(routes.length).toBeGreaterThan(20);
    const guarded = routes.filter((f) => /\brequire(Feature|KeyScope)\(/.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect(guarded).toEqual([]);
  });
});
