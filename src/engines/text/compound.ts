/**
 * "She watched the clouds, and she did not relax until dawn." → "She watched the clouds. She did not
 * relax until dawn." A compound sentence becomes two when both halves are full clauses; "but" and "so"
 * keep their relation as "However," and "As a result,".
 */
import type { Sentence } from './nlp';
import { bodyEnd, capitalise, hasVerb, isTopLevelComma, makeToken, phraseTokens, wordCount } from './token-edit';

const REPLACEMENT: Readonly<Record<string, string | undefined>> = { and: undefined, but: 'however', so: 'as a result', yet: 'even so' };
const CLAUSE_STARTS = new Set(['PRON', 'DET', 'PROPN', 'NOUN', 'NUM', 'ADJ']);

export function splitCompound(sentence: Sentence): Sentence | undefined {
  if (sentence.some((t) => t.quoted)) return undefined;
  const end = bodyEnd(sentence);
  for (let k = 3; k < end - 3; k++) {
    const conj = sentence[k]!;
    const word = conj.text.toLowerCase();
    if (!(word in REPLACEMENT) || !isTopLevelComma(sentence, k - 1)) continue;
    const left = sentence.slice(0, k - 1);
    const right = sentence.slice(k + 1, end);
    if (!CLAUSE_STARTS.has(right[0]!.pos) || !hasVerb(left) || !hasVerb(right) || wordCount(left) < 3 || wordCount(right) < 3) continue;
    if (left.some((_t, i) => isTopLevelComma(left, i))) continue;
    const lead = REPLACEMENT[word];
    const stop = makeToken('.', 'PUNCT');
    const second = lead
      ? [
          ...phraseTokens(lead).map((t, i) => (i === 0 ? { ...capitalise(t), pre: ' ' } : t)),
          makeToken(',', 'PUNCT'),
          { ...right[0]!, pre: ' ' },
          ...right.slice(1),
        ]
      : [{ ...capitalise(right[0]!), pre: ' ' }, ...right.slice(1)];
    return [...left, stop, ...second, ...sentence.slice(end)];
  }
  return undefined;
}
