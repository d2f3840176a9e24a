import type { Result, Scenario, Target } from './types';

export interface Row {
  label: string;
  scenario: Scenario;
  result: Result;
}

export interface TargetCheck {
  row: string;
  target: string;
  actual: string;
  status: 'PASS' | 'MISS' | 'INVALID';
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const pct = (ratio: number) => `${fmt(ratio * 100, 1)}%`;

export function isClean(r: Result): boolean {
  return r.non2xx === 0 && r.errors === 0;
}

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The results table; API and diagnostic rows get their requests/s as a share of `referenceRps`. */
export function renderTable(rows: Row[], referenceRps: number): string {
  const body = rows.map(({ label, scenario, result: r }) => [
    label,
    String(r.connections),
    fmt(r.rps, 0),
    scenario.kind === 'baseline' ? '' : pct(r.rps / referenceRps),
    fmt(r.latencyMs.p50),
    fmt(r.latencyMs.p99),
    fmt(r.non2xx),
    fmt(r.errors),
  ]);
  return table(
    ['scenario', 'conns', 'req/s', 'vs base', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    body,
    [false, true, true, true, true, true, true, true],
  );
}

function describeTarget(t: Target): string {
  switch (t.metric) {
    case 'rpsRatio':
      return `req/s ${t.op} ${pct(t.value)} of baseline`;
    case 'rps':
      return `req/s ${t.op} ${fmt(t.value)}`;
    default:
      return `${t.metric} ${t.op} ${fmt(t.value)} ms`;
  }
}

function actualOf(t: Target, r: Result, referenceRps: number): { value: number; text: string } {
  switch (t.metric) {
    case 'rpsRatio': {
      const value = r.rps / referenceRps;
      return { value, text: `${pct(value)} (${fmt(r.rps)} / ${fmt(referenceRps)} req/s)` };
    }
    case 'rps':
      return { value: r.rps, text: `${fmt(r.rps)} req/s` };
    default:
      return { value: r.latencyMs[t.metric], text: `${fmt(r.latencyMs[t.metric])} ms` };
  }
}

export function checkTargets(rows: Row[], referenceRps: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const { label, scenario, result } of rows) {
    for (const t of scenario.targets ?? []) {
      const actual = actualOf(t, result, referenceRps);
      const met = t.op === '>=' ? actual.value >= t.value : actual.value < t.value;
      checks.push({
        row: label,
        target: describeTarget(t),
        actual: isClean(result) ? actual.text : `${actual.text}, but ${result.non2xx} non-2xx / ${result.errors} errors`,
        status: !isClean(result) ? 'INVALID' : met ? 'PASS' : 'MISS',
      });
    }
  }
  return checks;
}

export function renderChecks(checks: TargetCheck[]): string {
  return checks.map((c) => `  ${c.status.padEnd(7)} ${c.row}: ${c.target}; measured ${c.actual}`).join('\n');
}

/** For rows with failures: the status codes seen under load and what one plain request answered. */
export function renderFailures(rows: Row[]): string {
  const out: string[] = [];
  for (const { label, result: r } of rows) {
    if (isClean(r)) continue;
    const codes = Object.entries(r.statusCodes).map(([code, n]) => `${code}×${n}`).join(', ');
    out.push(`  ${label}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts); status codes under load: ${codes || 'none'}`);
    if (r.errorProbe) {
      out.push(`    a plain ${r.method} ${r.url} answered ${r.errorProbe.status ?? '(no answer)'}: ${r.errorProbe.body}`);
      if (r.errorProbe.status !== null && r.errorProbe.status < 300) out.push('    (it succeeded on its own: the failures depend on load)');
    }
  }
  return out.join('\n');
}
