import type { UsageMetric } from '../db/schema';

/** What a metric's quantity counts. Audio is billed in seconds; everything else in whole items. */
export type QuantityUnit = 'tokens' | 'images' | 'seconds' | 'chats' | 'checks';

export const METRIC_UNIT: Record<UsageMetric, QuantityUnit> = {
  text_tokens: 'tokens',
  images_generated: 'images',
  audio_seconds: 'seconds',
  file_chats: 'chats',
  plagiarism_checks: 'checks',
};

/**
 * `full`: exact enough for a sentence or a usage bar ("12,345 tokens", "1 image", "1 h 23 min").
 * `compact`: short enough for a chart axis ("12k", "3.4M", "30 min", "1.5 h"); counts carry no unit
 * word there, since the chart's label names it.
 */
export type QuantityStyle = 'full' | 'compact';

/** A metric's quantity for a label, in English with en-US digit grouping (the dashboard's language). */
export function formatQuantity(metric: UsageMetric, n: number, style: QuantityStyle = 'full'): string {
  return formatAmount(METRIC_UNIT[metric], n, style);
}

export function formatAmount(unit: QuantityUnit, n: number, style: QuantityStyle = 'full'): string {
  if (unit === 'seconds') return style === 'full' ? fullDuration(n) : compactDuration(n);
  if (style === 'compact') return compactNumber(n);
  const word = n === 1 ? unit.slice(0, -1) : unit;
  return `${grouped.format(n)} ${word}`;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const SUFFIXES = ['', 'k', 'M', 'B', 'T'];

/** 999 → "999", 1234 → "1.2k", 12_345 → "12k", 3_400_000 → "3.4M": one decimal below 10, none above. */
export function compactNumber(n: number): string {
  if (n < 0) return `-${compactNumber(-n)}`;
  let i = 0;
  let v = n;
  while (i < SUFFIXES.length - 1 && round(v) >= 1000) {
    v /= 1000;
    i++;
  }
  return `${round(v)}${SUFFIXES[i]}`;
}

/** One decimal below 10, whole above (a number prints without a trailing .0): the precision a glance needs. */
function round(v: number): number {
  return v < 10 ? Math.round(v * 10) / 10 : Math.round(v);
}

/** 45 → "45 s", 90 → "1.5 min", 1800 → "30 min", 5400 → "1.5 h", 4_500_000 → "1.3k h". */
function compactDuration(seconds: number): string {
  if (round(seconds) < 60) return `${round(seconds)} s`;
  if (round(seconds / 60) < 60) return `${round(seconds / 60)} min`;
  return `${compactNumber(seconds / 3600)} h`;
}

/** 45 → "45 s", 725 → "12 min 5 s", 4980 → "1 h 23 min", 7200 → "2 h": seconds dropped once past an hour. */
function fullDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  const minutes = Math.round(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${grouped.format(h)} h ${m} min` : `${grouped.format(h)} h`;
}

/** A throttle's wait in whole minutes, rounded up, for "Try again in …". */
export function minutesText(ms: number): string {
  const m = Math.ceil(ms / 60_000);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB'];

/**
 * The dashboard's one way to show a size: 1 KB = 1024 bytes, as file managers show sizes; one decimal below
 * 10 of a unit. 512 → "512 bytes", 2048 → "2.0 KB", 200 MiB → "200 MB".
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${BYTE_UNITS[unit]}`;
}

/** A size with the exact count after the rounded one, "1.2 KB (1,234 bytes)": a deployment's size is compared to the byte. */
export function formatBytesExact(bytes: number): string {
  return bytes < 1024 ? formatBytes(bytes) : `${formatBytes(bytes)} (${grouped.format(bytes)} bytes)`;
}
