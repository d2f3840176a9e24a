import type { Hono } from 'hono';

/** The methods an app serves at a concrete path, read from its route table (for 405 and `Allow`). */
export function allowedMethodsOf(app: Hono<any>): (path: string) => string[] {
  let table: { method: string; pattern: RegExp }[] | null = null;
  return (path) => {
    table ??= app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}/?$`),
      }));
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
