/**
 * Contracting ("it is" → "it's") for the casual tone and expanding ("don't" → "do not") for the formal
 * and academic ones. Both leave quoted passages alone: those are somebody's exact words.
 */

/** Any English contraction, straight or curly apostrophe; possessives ("Smith's") are not contractions. */
export const CONTRACTION = /\b\w+n['’]t\b|\b\w+['’](?:re|ve|ll|m|d)\b|\b(?:it|he|she|that|there|here|what|who|where|how|let)['’]s\b/i;

export function hasContraction(text: string): boolean {
  return CONTRACTION.test(text);
}

/** Applies `fn` to the parts of `text` outside double quotes. */
export function outsideQuotes(text: string, fn: (part: string) => string): string {
  return text
    .split(/("[^"]*"|“[^”]*”)/)
    .map((part, i) => (i % 2 === 1 ? part : fn(part)))
    .join('');
}

const keepCase = (original: string, replacement: string): string =>
  /^[A-Z]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

/** Contractible phrases; a pronoun + verb contracts only mid-clause ("I know what it is." keeps "it is"). */
const CONTRACT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need) not\b/gi, "$1n't"],
  [/\bcannot\b|\bcan not\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\b(I) am\b(?!\s*[.,;:!?]|$)/g, "$1'm"],
  [/\b(you|we|they) are\b(?!\s*[.,;:!?]|$)/gi, "$1're"],
  [/\b(it|that|there|here|what|who|he|she) is\b(?!\s*[.,;:!?]|$)/gi, "$1's"],
  [/\b(I|you|we|they|he|she|it|that|there) will\b(?!\s*[.,;:!?]|$)/gi, "$1'll"],
  [/\b(I|you|we|they) have (?=been\b|got\b|seen\b|done\b|had\b|made\b|\w+ed\b)/gi, "$1've "],
  [/^(let) us\b/i, "$1's"],
];

export function contract(text: string): string {
  return outsideQuotes(text, (part) => CONTRACT.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), part));
}

const EXPAND: ReadonlyArray<readonly [RegExp, (m: string, ...groups: string[]) => string]> = [
  [/\bwon['’]t\b/gi, (m) => keepCase(m, 'will not')],
  [/\bcan['’]t\b/gi, (m) => keepCase(m, 'cannot')],
  [/\bshan['’]t\b/gi, (m) => keepCase(m, 'shall not')],
  [/\bain['’]t\b/gi, (m) => keepCase(m, 'is not')],
  [/\b(\w+)n['’]t\b/gi, (_m, verb: string) => `${verb} not`],
  [/\b(\w+)['’]m\b/gi, (_m, w: string) => `${w} am`],
  [/\b(\w+)['’]re\b/gi, (_m, w: string) => `${w} are`],
  [/\b(\w+)['’]ve\b/gi, (_m, w: string) => `${w} have`],
  [/\b(\w+)['’]ll\b/gi, (_m, w: string) => `${w} will`],
  // "I'd gone" is "I had gone"; "I'd go" is "I would go".
  [/\b(\w+)['’]d(?=\s+(?:been|had|gone|done|seen|known|\w+ed)\b)/gi, (_m, w: string) => `${w} had`],
  [/\b(\w+)['’]d\b/gi, (_m, w: string) => `${w} would`],
  [/\b(let)['’]s\b/gi, (_m, w: string) => `${w} us`],
  // "It's been" is "it has been"; otherwise "'s" after these words is "is".
  [/\b(it|he|she|that|there|here|what|who|where|how)['’]s(?=\s+(?:been|got|had)\b)/gi, (_m, w: string) => `${w} has`],
  [/\b(it|he|she|that|there|here|what|who|where|how)['’]s\b/gi, (_m, w: string) => `${w} is`],
];

export function expand(text: string): string {
  return outsideQuotes(text, (part) => EXPAND.reduce((s, [pattern, replace]) => s.replace(pattern, replace), part));
}
