/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, from the word-level
 * edit distance. Both sides are normalised the same way: lower case, punctuation dropped, hyphens
 * split, pocketsphinx's alternate-pronunciation marks (`word(2)`) removed, the abbreviations its
 * dictionary spells short (`dr`, `mr`, `mrs`, `st`) written out, and "a hundred" counted as "one hundred".
 */
const SPELLED: Record<string, string> = { dr: 'doctor', mr: 'mister', mrs: 'missus', st: 'saint' };

export function normalizeWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/\(\d+\)/g, '')
    .replace(/[-–—/]/g, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => SPELLED[w] ?? w);
  return words.map((w, i) => (w === 'a' && words[i + 1] === 'hundred' ? 'one' : w));
}

export function editDistance(ref: readonly string[], hyp: readonly string[]): number {
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[hyp.length] as number;
}

export function wordErrorRate(reference: string, hypothesis: string): { errors: number; words: number; wer: number } {
  const ref = normalizeWords(reference);
  const errors = editDistance(ref, normalizeWords(hypothesis));
  return { errors, words: ref.length, wer: ref.length ? errors / ref.length : 0 };
}
