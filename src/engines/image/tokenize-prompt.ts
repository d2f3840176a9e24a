/** Lower-cased words of a prompt, in order; apostrophes are dropped so "sun's" reads as "suns". */
export function tokenizePrompt(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0);
}

/**
 * Finds `word` in `table`, also trying its singular forms, so "Stars", "cities",
 * "beaches" and "leaves"-style plurals hit the singular entry without listing every plural.
 */
export function lookupWord<T>(table: Readonly<Record<string, T>>, word: string): T | undefined {
  const own = (key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
  const direct = own(word);
  if (direct !== undefined) return direct;
  if (word.length < 3) return undefined;
  if (word.endsWith('ies')) {
    const y = own(`${word.slice(0, -3)}y`);
    if (y !== undefined) return y;
  }
  if (word.endsWith('es')) {
    const es = own(word.slice(0, -2));
    if (es !== undefined) return es;
  }
  if (word.endsWith('s') && !word.endsWith('ss')) return own(word.slice(0, -1));
  return undefined;
}
