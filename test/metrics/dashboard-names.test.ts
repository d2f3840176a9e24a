import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/metrics';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The series names a PromQL text uses (`kiln_…`, `process_…`, `nodejs_…`), histogram suffixes dropped. */
function seriesIn(text: string): string[] {
  const names = text.match(/\b(?:kiln|process|nodejs)_[a-z0-9_]+/g) ?? [];
  return [...new Set(names.map((n) => n.replace(/_(bucket|count|sum)$/, '')))];
}

describe('the documented dashboard and alerts', () => {
  it('use only series this registry exports', async () => {
    const exported = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    const dashboard = readFileSync(`${ROOT}docs/grafana-dashboard.json`, 'utf8');
    const alerts = readFileSync(`${ROOT}docs/operations.md`, 'utf8').split('### Alerts worth having')[1]!.split('```')[1]!;
    const used = [...seriesIn(dashboard), ...seriesIn(alerts)];
    expect(used.length).toBeGreaterThan(8);
    expect(used.filter((n) => !exported.has(n))).toEqual([]);
    JSON.parse(dashboard);
  });
});
