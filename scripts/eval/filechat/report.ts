/** Per-kind accuracy, the failure list and the targets of the file chat eval. */
import type { DocumentKind } from './questions';
import type { Outcome } from './score';
import type { TargetCheck } from '../run-eval';

export interface KindSummary {
  kind: DocumentKind;
  questions: number;
  answersRight: number;
  /** Questions with a source to check (all PDF/docx; CSV where a first cited row is defined). */
  sourcesChecked: number;
  sourcesRight: number;
  /** Questions with both the answer and the checked source right. */
  fullyRight: number;
}

const KINDS: DocumentKind[] = ['pdf', 'scan', 'docx', 'csv', 'meaning'];
const LABELS: Record<DocumentKind, string> = { pdf: 'PDF', scan: 'scan', docx: '.docx', csv: 'CSV', meaning: 'meaning' };

export function summarize(outcomes: Outcome[]): KindSummary[] {
  return KINDS.map((kind) => {
    const mine = outcomes.filter((o) => o.question.kind === kind);
    const checked = mine.filter((o) => o.sourceOk !== null);
    return {
      kind,
      questions: mine.length,
      answersRight: mine.filter((o) => o.answerOk).length,
      sourcesChecked: checked.length,
      sourcesRight: checked.filter((o) => o.sourceOk).length,
      fullyRight: mine.filter((o) => o.answerOk && o.sourceOk !== false).length,
    };
  });
}

const pct = (right: number, of: number) => (of === 0 ? '   n/a' : `${((100 * right) / of).toFixed(1).padStart(5)}%`);
const ratio = (right: number, of: number) => `${`${right}/${of}`.padStart(7)} ${pct(right, of)}`;

export function renderSummary(summaries: KindSummary[]): string {
  const lines = [`  ${'kind'.padEnd(6)} ${'questions'.padStart(9)}   ${'answer right'.padStart(14)}   ${'source right'.padStart(14)}   source checked`];
  for (const s of summaries) {
    const what = s.kind === 'csv' ? 'first cited row, where defined' : 'sources[0].page';
    lines.push(
      `  ${LABELS[s.kind].padEnd(6)} ${String(s.questions).padStart(9)}   ${ratio(s.answersRight, s.questions)}   ${ratio(s.sourcesRight, s.sourcesChecked)}   ${what}`,
    );
  }
  const all = summaries.reduce((a, s) => ({ q: a.q + s.questions, a: a.a + s.answersRight, sc: a.sc + s.sourcesChecked, sr: a.sr + s.sourcesRight }), {
    q: 0,
    a: 0,
    sc: 0,
    sr: 0,
  });
  lines.push(`  ${'all'.padEnd(6)} ${String(all.q).padStart(9)}   ${ratio(all.a, all.q)}   ${ratio(all.sr, all.sc)}`);
  return lines.join('\n');
}

const oneLine = (text: string, max: number) => {
  const flat = text
    .replace(/\s*\n\s*/g, ' / ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function renderFailures(outcomes: Outcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    if (o.answerOk && o.sourceOk !== false) continue;
    const what = [o.answerOk ? '' : 'answer', o.sourceOk === false ? (o.question.kind === 'csv' ? 'row' : 'page') : ''].filter(Boolean).join('+');
    out.push(`  [${LABELS[o.question.kind]} ${what} wrong] ${o.question.file}: "${o.question.message}"`);
    out.push(`      expected: ${oneLine(o.expected, 220)}`);
    if (o.error) {
      out.push(`      got: error ${oneLine(o.error, 200)}`);
      continue;
    }
    const first = o.reply?.sources[0];
    out.push(`      got: "${oneLine(o.reply?.answer ?? '', 220)}"`);
    out.push(`      first source: ${first ? `page ${first.page} "${oneLine(first.excerpt, 110)}"` : 'none'}`);
  }
  return out;
}

/** Targets of the kinds asked (`--only` may leave some out). */
export function checkTargets(summaries: KindSummary[]): TargetCheck[] {
  return allTargets(summaries)
    .filter((c) => c.kinds.every((k) => summaries.find((s) => s.kind === k)!.questions > 0))
    .map(({ kinds: _, ...check }) => check);
}

function allTargets(summaries: KindSummary[]): (TargetCheck & { kinds: DocumentKind[] })[] {
  const of = (kind: DocumentKind) => summaries.find((s) => s.kind === kind)!;
  const csv = of('csv');
  const checks: (TargetCheck & { kinds: DocumentKind[] })[] = [
    { kinds: ['csv'], name: 'CSV exact answers = 100%', pass: csv.answersRight === csv.questions, display: ratio(csv.answersRight, csv.questions).trim() },
    {
      kinds: ['csv'],
      name: 'CSV first cited row right = 100% (where defined)',
      pass: csv.sourcesRight === csv.sourcesChecked,
      display: ratio(csv.sourcesRight, csv.sourcesChecked).trim(),
    },
  ];
  // The scan's questions are the PDF's: recognition must keep ≥ 90% of what the text layer gets right
  // (an answer counts when both the fact and sources[0].page are right).
  const pdfRight = of('pdf').fullyRight;
  const scanRight = of('scan').fullyRight;
  checks.push({
    kinds: ['pdf', 'scan'],
    name: "scan answers right >= 90% of the text PDF's",
    pass: pdfRight > 0 && scanRight >= 0.9 * pdfRight,
    display: `${scanRight} vs ${pdfRight}${pdfRight > 0 ? ` (${((100 * scanRight) / pdfRight).toFixed(1)}%)` : ''}`,
  });
  for (const kind of ['pdf', 'docx', 'meaning'] as const) {
    const s = of(kind);
    checks.push({
      kinds: [kind],
      name: `${LABELS[kind]} source page right >= 90%`,
      pass: s.sourcesChecked > 0 && s.sourcesRight / s.sourcesChecked >= 0.9,
      display: ratio(s.sourcesRight, s.sourcesChecked).trim(),
    });
  }
  return checks;
}
