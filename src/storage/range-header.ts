export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

const DIGITS = /^\d+$/;

/**
 * Parses a Range header against a representation of `size` bytes. Returns the inclusive byte range,
 * 'unsatisfiable' (→ 416), or null when the header should be ignored and the full body sent:
 * syntax errors, other units, and multiple ranges (RFC 9110 §14.2 lets a server ignore Range).
 */
export function parseRange(header: string, size: number): RangeResult {
  const eq = header.indexOf('=');
  if (eq === -1 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return null;
  const spec = header.slice(eq + 1).trim();
  if (spec.includes(',')) return null;
  const dash = spec.indexOf('-');
  if (dash === -1) return null;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();

  if (first === '') {
    if (!DIGITS.test(last)) return null;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return null;
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
