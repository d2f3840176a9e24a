import { beforeAll, describe, expect, it } from 'vitest';
import { embed } from '../../../src/engines/embeddings';
import { loadLexicon } from '../../../src/engines/lexicon';
import {
  DEFAULT_PARAMS,
  SENTENCE_ALIGN_DEFAULTS,
  alignSentences,
  createNormalizer,
  detect,
  passageWords,
  sentenceRanges,
  synonyms,
  type Normalizer,
} from '../../../src/engines/plagiarism';

const SOURCE =
  'The old lighthouse on the northern cape was built in 1871 by a company of stonemasons from Aberdeen. For more than a century ' +
  'its keepers climbed one hundred and twelve steps every evening to light the great lamp. When the light was automated in 1987 ' +
  'the last keeper moved to the village, where he opened a small museum about the tower. Visitors can still read his careful ' +
  'notes about the weather, the passing ships and the seabirds that nested on the cliffs below the gallery.';

// By hand: synonyms, clauses moved, sentences in another order.
const REWORDED =
  'Visitors are still able to read his careful notes on the weather, the passing vessels and the seabirds nesting on the cliffs ' +
  'under the gallery. In 1871 a firm of stonemasons from Aberdeen constructed the old beacon on the northern cape. The last keeper ' +
  'moved to the village when the light was automated in 1987, and there he opened a little museum about the tower. Every evening, ' +
  'for over a century, its keepers climbed one hundred and twelve stairs to illuminate the great lamp.';

const UNRELATED =
  'Chess clubs in small towns often meet in the back room of a cafe, where members bring their own boards and clocks. Beginners ' +
  'learn openings from older players, and tournaments are announced on a paper notice pinned beside the counter.';

let normalizer: Normalizer;
beforeAll(async () => {
  normalizer = createNormalizer(await loadLexicon());
});

describe('sentence alignment', () => {
  it('splits sentences at terminal punctuation and line breaks', () => {
    const text = 'Cats purr loudly. Dogs bark, “wildly!” Birds sing?\nGarden heading\nFinal line';
    const norm = normalizer.normalize(text);
    const words = sentenceRanges(text, norm.starts).map((r) => text.slice(norm.starts[r.start]!, norm.ends[r.end - 1]!));
    expect(words).toEqual(['Cats purr loudly', 'Dogs bark, “wildly', 'Birds sing', 'Garden heading', 'Final line']);
  });

  it('knows the synonyms the paraphraser picks', () => {
    const senses = normalizer.sensesOf;
    expect(synonyms('lighthouse', 'beacon', senses)).toBe(true);
    expect(synonyms('build', 'construct', senses)).toBe(true);
    expect(synonyms('steps', 'stairs', senses)).toBe(true);
    expect(synonyms('lighthouse', 'museum', senses)).toBe(false);
  });

  it('pairs every sentence of a hand rewording with its source sentence, in any order, as one passage', () => {
    const query = normalizer.analyze(REWORDED);
    const source = normalizer.analyze(SOURCE);
    const passages = alignSentences(query, source, normalizer.sensesOf);
    expect(passages).toHaveLength(1);
    const [p] = passages;
    expect(p!.sentences).toBe(4);
    expect(p!.qStart).toBe(0);
    expect(p!.qEnd).toBe(query.keys.length);
    expect(p!.similarity).toBeGreaterThan(0.6);
    expect(alignSentences(normalizer.analyze(UNRELATED), source, normalizer.sensesOf)).toEqual([]);
  });

  it('with sentence vectors, a sentence worded too differently for its words to pair is paired by meaning', () => {
    const source = normalizer.analyze(
      'Children who read every day develop a richer vocabulary than children who rarely read. Doctors recommend drinking water regularly during hot weather.',
    );
    const query = normalizer.analyze(
      'Kids reading daily build a larger vocabulary than kids who seldom read. Physicians advise people to drink fluids often when temperatures are high.',
    );
    const secondStarts = query.sentences[1]!.start;
    const byWords = alignSentences(query, source, normalizer.sensesOf);
    expect(byWords.map((p) => [p.qStart, p.qEnd])).toEqual([[0, secondStarts]]);
    // Their cosine is 0.73: paired once the threshold admits it (the default, 0.75, is set against chance pairs of the eval).
    const opts = { ...SENTENCE_ALIGN_DEFAULTS, minCosine: 0.7 };
    expect(alignSentences(query, source, normalizer.sensesOf, opts).map((p) => p.sentences)).toEqual([1]);
    const byMeaning = alignSentences(query, source, normalizer.sensesOf, opts, embed);
    expect(byMeaning.map((p) => [p.qStart, p.qEnd, p.sentences])).toEqual([[0, query.keys.length, 2]]);
  });

  it('detect merges it with the fingerprint passages and gives the breakdown: identical, lightly changed, paraphrased', () => {
    const query = normalizer.analyze(REWORDED);
    const source = normalizer.analyze(SOURCE);
    const detection = detect(query, [{ ref: 'src', seeds: [], tokens: source.keys, text: source }], DEFAULT_PARAMS, {
      sensesOf: normalizer.sensesOf,
    });
    expect(detection.score).toBe(1);
    const b = detection.passages[0]!.breakdown!;
    expect(b.identical + b.lightlyChanged + b.paraphrased).toBeCloseTo(1, 9);
    expect(b.identical).toBeGreaterThan(0.5);
    expect(b.lightlyChanged).toBeGreaterThan(0); // nesting/nested, notes stay; stairs is a synonym
    expect(b.paraphrased).toBeGreaterThan(0.1);

    const verbatim = normalizer.analyze(SOURCE);
    const same = passageWords(
      verbatim,
      source,
      { qStart: 0, qEnd: verbatim.keys.length, sStart: 0, sEnd: source.keys.length, matched: 0, similarity: 1, seeds: 0 },
      normalizer.sensesOf,
    );
    expect(same.breakdown).toEqual({ identical: 1, lightlyChanged: 0, paraphrased: 0 });
    expect(same.matched).toBe(verbatim.keys.length);
  });
});
