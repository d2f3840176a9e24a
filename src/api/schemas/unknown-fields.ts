/**
 * Unknown request fields are refused, as OpenAI and Stripe do: a misspelt optional field (`max_token`,
 * `voice` for `voice_id`) would otherwise be dropped silently and its default used.
 */

/** True when `a` and `b` are at most one edit apart: an insertion, a deletion, a substitution or a swap of neighbours (Damerau-Levenshtein). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // One substitution at i, or the neighbours at i and i+1 swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.slice(i) === longer.slice(i + 1);
}

/** The first known field (in the schema's order) one edit away from `field`, ignoring case. */
export function suggestField(field: string, known: readonly string[]): string | undefined {
  return known.find((k) => withinOneEdit(field.toLowerCase(), k.toLowerCase()));
}

/** A name as echoed in a message: a field name can be as long as the body. */
const shown = (field: string) => (field.length > 100 ? `${field.slice(0, 100)}…` : field);

export function unknownFieldMessage(field: string, known: readonly string[]): string {
  const suggestion = suggestField(field, known);
  if (suggestion) return `unknown field '${shown(field)}'; did you mean '${suggestion}'?`;
  if (known.length === 0) return `unknown field '${shown(field)}'; this endpoint takes no fields.`;
  return `unknown field '${shown(field)}'; the accepted fields are ${known.map((k) => `'${k}'`).join(', ')}.`;
}
