import { contentTokens } from './question-terms';

/** What the rewrite needs of an earlier turn: the question as it was searched for. */
export interface EarlierTurn {
  standalone: string;
}

const ASKING = /\b(?:what|which|who|whom|whose|when|where|why|how)\b/i;
/** A follow-up that opens like this leans on the question before it ("and in 2023?", "what about the east?"). */
const CONNECTOR = /^\s*(?:and|or|but|also|then|so|(?:and\s+)?(?:what|how)\s+about)\b[\s,]*/i;
/** Words that point back at the earlier question's subject. */
const BACK_REFERENCE = /\b(?:it|its|they|them|their|theirs|he|him|his|she|her|hers|this|that|these|those|there|then|same)\b/i;
const NUMBER = /^\d[\d.,]*$/;
/** Content words this many or fewer, with nothing else to go on, make a question elliptical ("the budget?"). */
const FEW_WORDS = 2;

/**
 * The question a follow-up stands for, so retrieval and the planner see what is asked: "and in 2023?"
 * after "How many members joined in 2022?" reads "How many members joined in 2023". An elliptical
 * follow-up (a connector, a back-reference, no question word, or hardly any content words) carries over
 * the previous question's content words; a figure or a name in the follow-up replaces the previous one of
 * its kind rather than joining it. A question that stands on its own is returned as asked.
 */
export function standaloneQuestion(question: string, earlier: readonly EarlierTurn[]): string {
  const previous = earlier.at(-1)?.standalone.trim();
  const asked = question.trim();
  if (!previous) return asked;

  const content = contentTokens(asked);
  const connector = CONNECTOR.test(asked);
  const asks = ASKING.test(asked.replace(CONNECTOR, ''));
  const elliptical = connector || !asks || BACK_REFERENCE.test(asked) || content.length <= FEW_WORDS;
  if (!elliptical) return asked;

  const rest = asked.replace(CONNECTOR, '').replace(/[?.!\s]+$/, '');
  const newWords = new Set(content.map((t) => t.word.toLowerCase()));
  const replacesNumber = content.some((t) => NUMBER.test(t.word));
  const replacesName = properNames(rest, false).length > 0;
  const previousNames = new Set(properNames(previous).map((w) => w.toLowerCase()));
  const keep = (word: string): boolean => {
    const lower = word.toLowerCase();
    if (newWords.has(lower)) return false;
    if (replacesNumber && NUMBER.test(word)) return false;
    if (replacesName && previousNames.has(lower)) return false;
    return true;
  };

  if (!asks) {
    // "and in 2023?": the previous question, its replaced figure or name left out, then what the follow-up adds.
    const kept = previous
      .replace(/[?.!\s]+$/, '')
      .split(/\s+/)
      .filter((w) => {
        const bare = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
        return !bare || keep(bare);
      });
    return dedupeJoin([...kept, ...rest.split(/\s+/).filter(Boolean)]);
  }
  // "who signed it?": the follow-up's own question, with the earlier subject's content words after it.
  const carried = contentTokens(previous)
    .map((t) => t.word)
    .filter(keep);
  return carried.length > 0 ? `${rest} (${[...new Set(carried)].join(' ')})` : asked;
}

/** Capitalised words (past a sentence's first word): names and places, the usual thing a follow-up swaps. */
function properNames(text: string, pastFirstWord = true): string[] {
  return text
    .split(/\s+/)
    .slice(pastFirstWord ? 1 : 0)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => /^\p{Lu}\p{Ll}/u.test(w));
}

/** "joined in" + "in 2023" would read "joined in in 2023". */
function dedupeJoin(words: string[]): string {
  return words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1]!.toLowerCase()).join(' ');
}
