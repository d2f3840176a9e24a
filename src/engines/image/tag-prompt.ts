import { analyse } from '../text/nlp';

export interface TaggedWord {
  word: string;
  /** Universal part-of-speech tag from wink (`NOUN`, `ADJ`, `ADP`, …). */
  pos: string;
  lemma: string;
}

/**
 * Part-of-speech tags for a prompt's normalised words. It reads the words, not the raw prompt, so two
 * prompts that differ only in case and punctuation are tagged alike and still give the same picture
 * ("Red Sun" would otherwise read as a name). The text engine's wink model is loaded on first use.
 */
export function tagPrompt(words: readonly string[]): TaggedWord[] {
  if (words.length === 0) return [];
  return analyse(words.join(' ')).flatMap((line) =>
    line.sentences.flatMap((sentence) => sentence.map((token) => ({ word: token.text, pos: token.pos, lemma: token.lemma }))),
  );
}
