/** One token of a question about a table. */
export interface Word {
  /** Lowercased as written. */
  text: string;
  /** Singular form, so "units" meets a column "Unit" and "orders" meets "order". */
  norm: string;
  /** For a number: its value as a plain decimal string ("$5,000" → "5000", "2.5k" → "2500"). */
  number?: string;
  /** The number was written as money ("$5,000"): it is about a money column. */
  money?: boolean;
}

/**
 * Comparison symbols, ISO dates and months ("2025-03", kept whole, they are not numbers), numbers with their currency, grouping,
 * percent and k/m/bn suffix, then words. Hyphens and underscores split words, so "unit-price" is two words
 * like the header "unit_price".
 */
const TOKEN =
  /(>=|<=|!=|<>|=>|=<|==|[<>=≥≤≠])|(\d{4}-\d{2}(?:-\d{2})?(?!\d))|(?<![\p{L}\p{N}.])([-−]?[$€£¥]?[-−]?\d+(?:,\d{3})*(?:\.\d+)?)(?:\s?(%)|(k|m|bn|mn)(?![\p{L}\p{N}]))?|([\p{L}\p{N}]+(?:['’]\p{L}+)*)/gu;

const SCALE: Record<string, number> = { k: 3, m: 6, mn: 6, bn: 9 };

/** The words of a question, lowercased; camelCase is split so headers and questions tokenize alike. */
export function tokenize(text: string): Word[] {
  const out: Word[] = [];
  const spaced = text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2');
  for (const m of spaced.toLowerCase().matchAll(TOKEN)) {
    const [, symbol, date, num, , suffix, word] = m;
    if (symbol) out.push({ text: symbol, norm: SYMBOLS[symbol] ?? symbol });
    else if (date) out.push({ text: date, norm: date });
    else if (num) {
      const money = /[$€£¥]/.test(num);
      const negative = /[-−]/.test(num);
      let digits = num.replace(/[^\d.]/g, '');
      if (suffix) digits = scaleDecimal(digits, SCALE[suffix] ?? 0);
      const number = normalizeDecimal(`${negative ? '-' : ''}${digits}`);
      out.push({ text: m[0], norm: number, number, ...(money ? { money } : {}) });
    } else if (word) {
      const w = word.replace(/’/g, "'");
      // "10 percent" is the number 10, as "10%" is.
      if (w === 'percent' && out[out.length - 1]?.number !== undefined) continue;
      out.push({ text: w, norm: singular(w.endsWith("'s") ? w.slice(0, -2) : w) });
    }
  }
  return out;
}

/** The symbols people type, under one spelling each. */
const SYMBOLS: Record<string, string> = { '=>': '>=', '=<': '<=', '==': '=', '≥': '>=', '≤': '<=', '≠': '!=', '<>': '!=' };

/** "units" → "unit", "categories" → "category", "boxes" → "box"; "status" and "analysis" stay. Both sides go through it, so consistency matters more than grammar. */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is|'s)$/.test(word)) return word;
  return word.slice(0, -1);
}

/** `digits` × 10^exp, exactly, as a decimal string. */
function scaleDecimal(digits: string, exp: number): string {
  const [whole = '0', fraction = ''] = digits.split('.');
  const padded = fraction.padEnd(exp, '0');
  return `${whole}${padded.slice(0, exp)}${padded.length > exp ? `.${padded.slice(exp)}` : ''}`;
}

/** "-0050.50" → "-50.5": no leading zeros, no trailing fractional zeros. */
function normalizeDecimal(value: string): string {
  const negative = value.startsWith('-');
  let [whole = '', fraction = ''] = value.replace('-', '').split('.');
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  const body = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}
