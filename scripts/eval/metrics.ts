/**
 * Passage-level scoring of plagiarism checks against the known copied spans.
 *
 * - A predicted passage (a check's `details[i]`: `start`–`end` in the submission, and its source document) is
 *   a TRUE POSITIVE when at least half of its characters lie inside copied spans of that same source.
 * - A true copied passage (one copied span: its source and its characters) is DETECTED when predicted passages
 *   from that same source together cover at least half of its characters.
 * - precision = TP predicted passages / all predicted passages; recall = detected / all true passages;
 *   F1 = their harmonic mean; all three pooled over the cases of a type (micro-averaged).
 * - recall (any) = the same with any overlap counting (at least one character of a same-source prediction).
 * - char coverage = characters of true passages covered by same-source predictions / all their characters.
 * - a FALSE MATCH is a case with no copied text that got any predicted passage at all.
 */
import type { CheckDetails, Verdict } from '../../src/plagiarism';
import { CASE_TYPES, sourceOfUrl, type CaseType, type EvalCase, type TrueSpan } from './cases';
import type { TargetCheck } from './run-eval';

export const OVERLAP = 0.5;

interface Range {
  start: number;
  end: number;
}

/** Sorted, merged ranges. */
function merge(ranges: Range[]): Range[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Characters of `r` inside the (merged) ranges. */
function covered(r: Range, ranges: Range[]): number {
  let n = 0;
  for (const m of ranges) n += Math.max(0, Math.min(r.end, m.end) - Math.max(r.start, m.start));
  return n;
}

export interface CaseScore {
  type: CaseType;
  predicted: number;
  truePositives: number;
  truePassages: number;
  detected: number;
  /** True passages overlapped by at least one character of a same-source prediction. */
  touched: number;
  trueChars: number;
  coveredChars: number;
  score: number;
  verdict: Verdict;
  checkMs: number;
  /** Predicted passages whose source is not a corpus document of this eval (should never happen). */
  unknownSources: number;
}

export function scoreCase(c: EvalCase, result: CheckDetails): CaseScore {
  const bySource = (spans: { source: number | null; start: number; end: number }[]) => {
    const m = new Map<number | null, Range[]>();
    for (const s of spans) {
      const list = m.get(s.source);
      if (list) list.push(s);
      else m.set(s.source, [s]);
    }
    return new Map([...m].map(([k, v]) => [k, merge(v)]));
  };
  const predictions = result.details.map((d) => ({ source: sourceOfUrl(d.url), start: d.start, end: d.end }));
  const truthBySource = bySource(c.truth);
  const predBySource = bySource(predictions);
  let truePositives = 0;
  for (const p of predictions) {
    const len = p.end - p.start;
    if (len > 0 && covered(p, truthBySource.get(p.source) ?? []) >= OVERLAP * len) truePositives++;
  }
  let detected = 0;
  let touched = 0;
  let trueChars = 0;
  let coveredChars = 0;
  for (const t of c.truth as TrueSpan[]) {
    const len = t.end - t.start;
    const hit = covered(t, predBySource.get(t.source) ?? []);
    trueChars += len;
    coveredChars += hit;
    if (hit >= OVERLAP * len) detected++;
    if (hit > 0) touched++;
  }
  return {
    type: c.type,
    predicted: predictions.length,
    truePositives,
    truePassages: c.truth.length,
    detected,
    touched,
    trueChars,
    coveredChars,
    score: result.score,
    verdict: result.verdict,
    checkMs: result.stats.ms.total,
    unknownSources: predictions.filter((p) => p.source === null).length,
  };
}

export interface TypeSummary {
  type: CaseType;
  n: number;
  predicted: number;
  truePositives: number;
  truePassages: number;
  detected: number;
  precision: number | null;
  recall: number | null;
  /** Recall when any overlap with a same-source prediction counts. */
  recallAny: number | null;
  f1: number | null;
  charCoverage: number | null;
  /** Share of cases with at least one predicted passage. */
  anyMatch: number;
  meanScore: number;
  verdicts: Record<Verdict, number>;
  checkMsP50: number;
  checkMsMax: number;
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
};

export function summarize(scores: CaseScore[]): TypeSummary[] {
  return CASE_TYPES.map((type) => {
    const xs = scores.filter((s) => s.type === type);
    const sum = (f: (s: CaseScore) => number) => xs.reduce((a, s) => a + f(s), 0);
    const predicted = sum((s) => s.predicted);
    const truePositives = sum((s) => s.truePositives);
    const truePassages = sum((s) => s.truePassages);
    const detected = sum((s) => s.detected);
    const trueChars = sum((s) => s.trueChars);
    const precision = predicted > 0 ? truePositives / predicted : null;
    const recall = truePassages > 0 ? detected / truePassages : null;
    const recallAny = truePassages > 0 ? sum((s) => s.touched) / truePassages : null;
    const f1 = precision !== null && recall !== null ? (precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0) : null;
    const verdicts: Record<Verdict, number> = { original: 0, mostly_original: 0, mixed: 0, plagiarised: 0 };
    for (const s of xs) verdicts[s.verdict]++;
    return {
      type,
      n: xs.length,
      predicted,
      truePositives,
      truePassages,
      detected,
      precision,
      recall,
      recallAny,
      f1,
      charCoverage: trueChars > 0 ? sum((s) => s.coveredChars) / trueChars : null,
      anyMatch: xs.length > 0 ? xs.filter((s) => s.predicted > 0).length / xs.length : 0,
      meanScore: xs.length > 0 ? sum((s) => s.score) / xs.length : 0,
      verdicts,
      checkMsP50: percentile(
        xs.map((s) => s.checkMs),
        0.5,
      ),
      checkMsMax: Math.max(...xs.map((s) => s.checkMs)),
    };
  });
}

const fmt = (x: number | null, digits = 3) => (x === null || Number.isNaN(x) ? '—' : x.toFixed(digits));

function table(header: string[], rows: string[][], rightAlign: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (rightAlign[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function renderSummary(summaries: TypeSummary[]): string {
  const header = [
    'case type',
    'n',
    'passages',
    'predicted',
    'precision',
    'recall',
    'F1',
    'recall (any)',
    'char cov.',
    'any match',
    'mean score',
    'verdicts (orig/mostly/mixed/plag)',
    'check p50/max ms',
  ];
  const rows = summaries.map((s) => [
    s.type,
    String(s.n),
    String(s.truePassages),
    String(s.predicted),
    fmt(s.precision),
    fmt(s.recall),
    fmt(s.f1),
    fmt(s.recallAny),
    fmt(s.charCoverage),
    `${(s.anyMatch * 100).toFixed(1)}%`,
    s.meanScore.toFixed(3),
    `${s.verdicts.original}/${s.verdicts.mostly_original}/${s.verdicts.mixed}/${s.verdicts.plagiarised}`,
    `${s.checkMsP50.toFixed(1)}/${s.checkMsMax.toFixed(1)}`,
  ]);
  return table(header, rows, [false, true, true, true, true, true, true, true, true, true, true, false, true]);
}

export interface MetricTargetCheck extends TargetCheck {
  value: number | null;
  op: '>=' | '<';
  target: number;
}

export function checkTargets(summaries: TypeSummary[]): MetricTargetCheck[] {
  const of = (t: CaseType) => summaries.find((s) => s.type === t)!;
  const check = (name: string, value: number | null, op: '>=' | '<', target: number, percent = false): MetricTargetCheck => {
    const pass = value !== null && (op === '>=' ? value >= target : value < target);
    const show = (x: number) => (percent ? `${(x * 100).toFixed(2)}%` : x.toFixed(3));
    return { name, value, op, target, pass, display: `${value === null ? '—' : show(value)} ${op === '>=' ? '≥' : '<'} ${show(target)}` };
  };
  // The reworded row is a stress test without a target of its own; its precision still counts here.
  const copied = summaries.filter((s) => s.type !== 'original');
  const predicted = copied.reduce((n, s) => n + s.predicted, 0);
  const precision = predicted > 0 ? copied.reduce((n, s) => n + s.truePositives, 0) / predicted : null;
  return [
    check('verbatim recall', of('verbatim').recall, '>=', 0.99),
    check('paraphrased recall', of('paraphrased').recall, '>=', 0.85),
    check('rewritten recall', of('rewritten').recall, '>=', 0.85),
    check('precision (every case with copied text)', precision, '>=', 0.95),
    check('false matches on original', of('original').anyMatch, '<', 0.01, true),
  ];
}
