import { formatAmount, type QuantityUnit } from '../format';

/**
 * The dashboard's per-day usage chart as an SVG string, for inlining in a server-rendered page.
 *
 * The page's CSP is `default-src 'none'; style-src 'self'; img-src 'self' data:`, so the drawing has
 * no script, no style attribute or element, no href and no id: geometry and colour come from
 * presentation attributes, and the dashboard's stylesheet may restyle the classes below. Everything
 * is drawn in `currentColor`, so the chart takes the colour of the element around it.
 *
 *   usage-chart           the <svg>
 *   usage-chart__grid     horizontal lines at each y tick (usage-chart__axis: the one at zero)
 *   usage-chart__tick     y tick labels; usage-chart__day: x labels
 *   usage-chart__bar      one <rect> per day with use, with a <title> tooltip ("14 Nov: 4,000 tokens")
 *   usage-chart__empty    "No use yet this period", drawn when every value is zero
 *
 * The <svg> has a viewBox and no width or height, so it fills its container's width and keeps its
 * proportions: give the container a width (or `.usage-chart { width: 100% }`) and it scales down to a
 * phone. It is `role="img"` with an aria-label and a <title> that summarise it (total, peak and its day);
 * the numbers day by day are the page's to give, as a visually hidden table next to the chart, since a
 * screen reader reads an image as one sentence.
 */
export interface UsageChartInput {
  /** UTC days, `YYYY-MM-DD`, in order: usagePerDay's `days`. */
  days: readonly string[];
  /** One value per day, same index. */
  values: readonly number[];
  /** What is counted, capitalised for the start of a sentence: "Text tokens". */
  label: string;
  unit: QuantityUnit;
  /**
   * Days the x axis spans: give the billing period's, so that a day is always one day wide however few
   * of them have passed (the slots after the last day are left empty; on the 1st, one narrow bar rather
   * than one across the chart). Default, and never fewer than: `days.length`.
   */
  periodDays?: number;
  /** Size of the viewBox, in user units: the proportions, and the size at which text is 12 units high. */
  width?: number;
  height?: number;
}

const FONT_SIZE = 12;
/** Estimated width of one character at FONT_SIZE: text cannot be measured here, so this errs wide. */
const CHAR_WIDTH = 7;
/** The widest a day's bar is drawn, in user units (a month of days at the default width is narrower). */
const MAX_BAR_WIDTH = 3 * FONT_SIZE;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function renderUsageChart(input: UsageChartInput): string {
  const { days, label, unit } = input;
  if (days.length !== input.values.length) throw new RangeError(`usage chart: ${days.length} days but ${input.values.length} values`);
  const parsed = days.map(parseDay);
  // Usage is never negative; a bad number draws as nothing rather than breaking the drawing.
  const values = input.values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const width = Math.max(200, input.width ?? 480);
  const height = Math.max(120, input.height ?? 200);

  const ticks = niceTicks(Math.max(0, ...values), unit);
  const top = ticks[ticks.length - 1]!;
  const tickLabels = ticks.map((t) => formatAmount(unit, t, 'compact'));
  const left = Math.max(...tickLabels.map((t) => t.length)) * CHAR_WIDTH + 10;
  const right = 10;
  const plot = { x: left, y: FONT_SIZE, w: width - left - right, h: height - 3.5 * FONT_SIZE };
  const yOf = (v: number) => plot.y + plot.h - (v / top) * plot.h;
  const slots = Math.max(1, days.length, input.periodDays ?? 0);
  const band = plot.w / slots;

  const summary = summarise(label, unit, parsed, values);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="usage-chart" role="img" aria-label="${escapeXml(summary)}"` +
      ` font-family="system-ui, sans-serif" font-size="${FONT_SIZE}" fill="currentColor">`,
  );
  out.push(`<title>${escapeXml(summary)}</title>`);

  ticks.forEach((t, i) => {
    const y = num(yOf(t));
    const cls = t === 0 ? 'usage-chart__axis' : 'usage-chart__grid';
    out.push(
      `<line class="${cls}" x1="${num(plot.x)}" x2="${num(plot.x + plot.w)}" y1="${y}" y2="${y}" stroke="currentColor" stroke-opacity="${t === 0 ? 0.6 : 0.15}"/>`,
    );
    out.push(`<text class="usage-chart__tick" x="${num(plot.x - 6)}" y="${y}" dy="0.35em" text-anchor="end">${escapeXml(tickLabels[i]!)}</text>`);
  });

  // At most MAX_BAR_WIDTH wide, centred in its day: one day of data (the period's first) is one bar, not the whole width.
  const barWidth = Math.min(MAX_BAR_WIDTH, Math.max(1, band * 0.7));
  values.forEach((v, i) => {
    if (v === 0) return;
    // At least a pixel, so that a day with a little use does not look like a day with none.
    const h = Math.max(1, (v / top) * plot.h);
    const x = plot.x + i * band + (band - barWidth) / 2;
    const tip = `${dayName(parsed[i]!)}: ${formatAmount(unit, v)}`;
    out.push(
      `<rect class="usage-chart__bar" x="${num(x)}" y="${num(plot.y + plot.h - h)}" width="${num(barWidth)}" height="${num(h)}" fill="currentColor">` +
        `<title>${escapeXml(tip)}</title></rect>`,
    );
  });

  for (const { x, text } of dayLabels(parsed, plot.x, band, width)) {
    out.push(`<text class="usage-chart__day" x="${num(x)}" y="${num(plot.y + plot.h + 1.5 * FONT_SIZE)}" text-anchor="middle">${escapeXml(text)}</text>`);
  }

  if (values.every((v) => v === 0)) {
    out.push(
      `<text class="usage-chart__empty" x="${num(plot.x + plot.w / 2)}" y="${num(plot.y + plot.h / 2)}" text-anchor="middle">No use yet this period</text>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

/**
 * 3 to 5 ticks from zero, evenly spaced by a round step (1, 2, 2.5 or 5 × 10ⁿ; for seconds, steps a
 * clock reads: 15 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h…), the last at or above `max`. Counts
 * step by whole numbers only. All-zero data gets the smallest scale, [0, 1, 2].
 */
export function niceTicks(max: number, unit: QuantityUnit): number[] {
  for (const step of steps(unit)) {
    const intervals = Math.ceil(max / step);
    if (intervals <= 4) return Array.from({ length: Math.max(2, intervals) + 1 }, (_, i) => i * step);
  }
  // Unreachable for finite max: steps() grows without end.
  throw new RangeError(`usage chart: no scale for ${max}`);
}

const CLOCK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800];

function* steps(unit: QuantityUnit): Generator<number> {
  if (unit === 'seconds') {
    yield* CLOCK_STEPS;
    for (const hours of roundSteps()) yield hours * 3600;
  } else {
    yield* roundSteps();
  }
}

/** 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500…: whole numbers only (no 2.5). */
function* roundSteps(): Generator<number> {
  for (let scale = 1; Number.isFinite(scale); scale *= 10) {
    for (const m of scale === 1 ? [1, 2, 5] : [1, 2, 2.5, 5]) yield m * scale;
  }
}

interface Day {
  year: number;
  month: number;
  day: number;
}

function parseDay(s: string): Day {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`usage chart: not a day: ${JSON.stringify(s)}`);
  return { year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]) };
}

const dayName = (d: Day) => `${d.day} ${MONTHS[d.month]}`;

/** "Text tokens per day, 1–26 Nov: 12,345 tokens total, peak 4,000 tokens on 14 Nov". */
function summarise(label: string, unit: QuantityUnit, days: Day[], values: number[]): string {
  if (days.length === 0) return `${label} per day: no days yet this period`;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const range =
    days.length === 1
      ? dayName(first)
      : first.year === last.year && first.month === last.month
        ? `${first.day}–${last.day} ${MONTHS[first.month]}`
        : `${dayName(first)} – ${dayName(last)}`;
  const total = values.reduce((a, b) => a + b, 0);
  if (total === 0) return `${label} per day, ${range}: no use yet this period`;
  const peak = values.indexOf(Math.max(...values));
  return `${label} per day, ${range}: ${formatAmount(unit, total)} total, peak ${formatAmount(unit, values[peak]!)} on ${dayName(days[peak]!)}`;
}

/**
 * Labels under the bars: the day of the month, with the month's name on the first label and wherever
 * the month changes. Every k-th day is labelled, k the smallest of a few even steps that leaves room
 * for a two-digit day; a longer label that would still touch the one before is left out.
 */
function dayLabels(days: Day[], x0: number, band: number, width: number): { x: number; text: string }[] {
  const gap = CHAR_WIDTH;
  const every = [1, 2, 3, 5, 7, 10, 14, 15, 20, 30].find((k) => k * band >= 2 * CHAR_WIDTH + gap) ?? Math.ceil((2 * CHAR_WIDTH + gap) / band);
  const labels: { x: number; text: string }[] = [];
  let rightEdge = -Infinity;
  let month = -1;
  for (let i = 0; i < days.length; i += every) {
    const d = days[i]!;
    const text = d.month === month ? String(d.day) : dayName(d);
    const half = (text.length * CHAR_WIDTH) / 2;
    // Kept inside the drawing: the first label is wider than its bar on a narrow chart.
    const x = Math.min(Math.max(x0 + (i + 0.5) * band, half), width - half);
    if (x - half < rightEdge + gap) continue;
    labels.push({ x, text });
    rightEdge = x + half;
    month = d.month;
  }
  return labels;
}

/** Coordinates to a tenth of a unit: enough for any screen, and short. */
function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/**
 * Text and attribute values in XML: the five characters that can end or open markup become references,
 * and characters XML cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped.
 */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
