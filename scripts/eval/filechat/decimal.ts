/**
 * Exact decimals for the eval's expected CSV answers: a value is an integer count of 10^-scale units, so
 * sums of prices never meet a float. Only what the eval needs: parse, add, compare, divide-and-round.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1,234.50" → 123450 × 10^-2. Throws on anything that is not a plain decimal (after removing commas). */
export function dec(text: string | number | bigint): Decimal {
  const s = String(text).replace(/,/g, '').trim();
  const m = PLAIN.exec(s);
  if (!m) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = m;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function sum(values: Decimal[]): Decimal {
  return values.reduce(add, { units: 0n, scale: 0 });
}

export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const equal = (a: Decimal, b: Decimal): boolean => compare(a, b) === 0;

/** total / count, rounded half away from zero to `places` decimals (how people read an average). */
export function divideRounded(total: Decimal, count: number, places = 2): Decimal {
  if (count <= 0) throw new Error('average of no values');
  // total.units / 10^scale / count, in units of 10^-places: total.units × 10^places / (count × 10^scale).
  const numerator = total.units * 10n ** BigInt(places);
  const denominator = BigInt(count) * 10n ** BigInt(total.scale);
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  if ((n % denominator) * 2n >= denominator) q += 1n;
  return { units: negative ? -q : q, scale: places };
}

/** The shortest plain spelling: "1234.5", "7", "0.25". */
export function show(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = d.scale === 0 ? digits : digits.slice(0, -d.scale);
  const fraction = d.scale === 0 ? '' : digits.slice(-d.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
