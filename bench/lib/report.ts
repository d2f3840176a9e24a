import type { Result, Target, Timing, TimingTarget } from './types';

export interface Row {
  label: string;
  kind: 'baseline' | 'api' | 'diagnostic' | 'reference';
  description: string;
  result: Result;
  targets?: Target[];
  /** Label of the row this one is compared with ("vs peer"). */
  peer?: string;
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
    cells
      .map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(headers),
    widths
      .map((w) => '-'.repeat(w))
      .join('  ')
      .trimEnd(),
    ...rows.map(line),
  ].join('\n');
}

export function peerOf(row: Row, rows: Row[]): Row | undefined {
  return row.peer === undefined ? undefined : rows.find((r) => r.label === row.peer);
}

function mib(bytesPerSec: number | undefined): string {
  return bytesPerSec === undefined ? '' : fmt(bytesPerSec / 1024 ** 2, 1);
}

/**
 * The results table; every non-baseline row gets its requests/s as a share of `referenceRps`, and rows
 * with a peer (e.g. the edge vs a plain server serving the same bytes) also as a share of the peer's.
 */
export function renderTable(rows: Row[], referenceRps: number): string {
  const body = rows.map((row) => {
    const { label, kind, result: r } = row;
    const peer = peerOf(row, rows);
    return [
      label,
      String(r.connections),
      fmt(r.rps, 0),
      kind === 'baseline' ? '' : pct(r.rps / referenceRps),
      peer ? pct(r.rps / peer.result.rps) : '',
      mib(r.bytesPerSec),
      fmt(r.latencyMs.p50),
      fmt(r.latencyMs.p99),
      fmt(r.non2xx),
      fmt(r.errors),
    ];
  });
  return table(['scenario', 'conns', 'req/s', 'vs base', 'vs peer', 'MiB/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'], body, [
    false,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
}

export function stats(samples: number[]): { n: number; min: number; median: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return { n: 0, min: NaN, median: NaN, max: NaN };
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { n: s.length, min: s[0]!, median, max: s[s.length - 1]! };
}

const secs = (n: number) => (Number.isFinite(n) ? fmt(n, n < 10 ? 2 : 1) : '-');
const unitOf = (t: Timing) => t.unit ?? 's';

/** Quantities measured by the run, each in its unit (seconds unless said). */
export function renderTimings(timings: Timing[]): string {
  const body = timings.map((t) => {
    const s = stats(t.samplesS);
    return [t.label, String(s.n), secs(s.min), secs(s.median), secs(s.max), unitOf(t), t.ok ? '' : 'FAILED'];
  });
  const failed = timings.some((t) => !t.ok);
  return table(
    ['timing', 'n', 'min', 'median', 'max', 'unit', ...(failed ? ['status'] : [])],
    body.map((r) => (failed ? r : r.slice(0, 6))),
    [false, true, true, true, true, false, false],
  );
}

function describeTarget(t: Target): string {
  switch (t.metric) {
    case 'rpsRatio':
      return `req/s ${t.op} ${pct(t.value)} of baseline`;
    case 'peerRatio':
      return `req/s ${t.op} ${pct(t.value)} of its peer`;
    case 'rps':
      return `req/s ${t.op} ${fmt(t.value)}`;
    default:
      return `${t.metric} ${t.op} ${fmt(t.value)} ms`;
  }
}

function actualOf(t: Target, row: Row, rows: Row[], referenceRps: number): { value: number; text: string } {
  const r = row.result;
  switch (t.metric) {
    case 'rpsRatio': {
      const value = r.rps / referenceRps;
      return { value, text: `${pct(value)} (${fmt(r.rps)} / ${fmt(referenceRps)} req/s)` };
    }
    case 'peerRatio': {
      const peer = peerOf(row, rows);
      if (!peer) return { value: NaN, text: `no peer row "${row.peer ?? '?'}"` };
      const value = r.rps / peer.result.rps;
      return { value, text: `${pct(value)} (${fmt(r.rps)} / ${fmt(peer.result.rps)} req/s of ${peer.label.trim()})` };
    }
    case 'rps':
      return { value: r.rps, text: `${fmt(r.rps)} req/s` };
    default:
      return { value: r.latencyMs[t.metric], text: `${fmt(r.latencyMs[t.metric])} ms` };
  }
}

const meets = (op: '>=' | '<', actual: number, wanted: number) => (op === '>=' ? actual >= wanted : actual < wanted);

export function checkTargets(rows: Row[], referenceRps: number, timings: Timing[] = []): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const row of rows) {
    for (const t of row.targets ?? []) {
      const actual = actualOf(t, row, rows, referenceRps);
      const peer = t.metric === 'peerRatio' ? peerOf(row, rows) : undefined;
      const dirty = [row, ...(peer ? [peer] : [])].filter((x) => !isClean(x.result));
      checks.push({
        row: row.label,
        target: describeTarget(t),
        actual: dirty.length
          ? `${actual.text}, but ${dirty.map((x) => `${x.label}: ${x.result.non2xx} non-2xx / ${x.result.errors} errors`).join('; ')}`
          : actual.text,
        status: dirty.length || Number.isNaN(actual.value) ? 'INVALID' : meets(t.op, actual.value, t.value) ? 'PASS' : 'MISS',
      });
    }
  }
  for (const t of timings) {
    for (const target of t.targets ?? []) checks.push(checkTiming(t, target));
  }
  return checks;
}

function checkTiming(t: Timing, target: TimingTarget): TargetCheck {
  const s = stats(t.samplesS);
  const value = s[target.stat];
  const unit = unitOf(t);
  const text = `${target.stat} ${secs(value)} ${unit} (n=${s.n}: ${t.samplesS.map(secs).join(', ')})`;
  return {
    row: t.label,
    target: `${target.stat} ${target.op} ${fmt(target.value, 1)} ${unit}`,
    actual: t.ok ? text : `${text}, but ${t.note ?? 'it did not finish cleanly'}`,
    status: !t.ok || s.n === 0 ? 'INVALID' : meets(target.op, value, target.value) ? 'PASS' : 'MISS',
  };
}

export function renderChecks(checks: TargetCheck[]): string {
  return checks.map((c) => `  ${c.status.padEnd(7)} ${c.row}: ${c.target}; measured ${c.actual}`).join('\n');
}

/** For rows with failures: the status codes seen under load and what one plain request answered. */
export function renderFailures(rows: Row[]): string {
  const out: string[] = [];
  for (const { label, result: r } of rows) {
    if (isClean(r)) continue;
    const codes = Object.entries(r.statusCodes)
      .map(([code, n]) => `${code}×${n}`)
      .join(', ');
    out.push(`  ${label}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts); status codes under load: ${codes || 'none'}`);
    if (r.errorProbe) {
      out.push(`    a plain ${r.method} ${r.url} answered ${r.errorProbe.status ?? '(no answer)'}: ${r.errorProbe.body}`);
      if (r.errorProbe.status !== null && r.errorProbe.status < 300) out.push('    (it succeeded on its own: the failures depend on load)');
    }
  }
  return out.join('\n');
}
