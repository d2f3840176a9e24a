import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultDictDir, loadLexicon, loadWordNet, type Lexicon } from '../../../src/engines/lexicon/index';
import { parseSynsetLine, splitGloss } from '../../../src/engines/lexicon/wordnet';

let lex: Lexicon;

beforeAll(async () => {
  lex = await loadLexicon();
});

describe('loading', () => {
  it('loads once and is a shared singleton', async () => {
    const [a, b] = await Promise.all([loadLexicon(), loadLexicon()]);
    expect(a).toBe(lex);
    expect(b).toBe(lex);
    const wn = await loadWordNet();
    expect(wn.stats.lemmaCount).toBeGreaterThan(140_000);
    expect(wn.stats.senseCount).toBeGreaterThan(200_000);
  });
});

describe('baseForms', () => {
  it.each([
    ['running', 'verb', 'run'],
    ['ran', 'verb', 'run'],
    ['houses', 'noun', 'house'],
    ['geese', 'noun', 'goose'],
    ['better', 'adj', 'good'],
    ['churches', 'noun', 'church'],
    ['boxes', 'noun', 'box'],
    ['women', 'noun', 'woman'],
    ['flies', 'noun', 'fly'],
    ['loved', 'verb', 'love'],
    ['walked', 'verb', 'walk'],
    ['making', 'verb', 'make'],
    ['stopped', 'verb', 'stop'],
    ['cried', 'verb', 'cry'],
    ['bigger', 'adj', 'big'],
    ['happiest', 'adj', 'happy'],
    ['nicer', 'adj', 'nice'],
  ] as const)('%s (%s) -> %s', (word, pos, base) => {
    expect(lex.baseForms(word, pos)).toContain(base);
  });

  it('includes the word itself when it is a lemma, only returns lemmas, lowercases', () => {
    expect(lex.baseForms('Dog', 'noun')).toEqual(['dog']);
    expect(lex.baseForms('dogs', 'noun')).toEqual(['dog']);
    expect(lex.baseForms('running', 'verb')).not.toContain('runn');
    expect(lex.baseForms('zxqwerty', 'noun')).toEqual([]);
    expect(lex.baseForms('', 'noun')).toEqual([]);
  });

  it('handles multi-word lemmas with spaces', () => {
    expect(lex.baseForms('hot dogs', 'noun')).toEqual(['hot dog']);
    expect(lex.baseForms('hot dog', 'noun')).toEqual(['hot dog']);
    expect(lex.baseForms('hot_dog', 'noun')).toEqual(['hot dog']);
  });
});

describe('synsets', () => {
  it('dog (noun) sense 1 is the domestic dog', () => {
    const [first] = lex.synsets('dog', 'noun');
    expect(first).toBeDefined();
    expect(first!.id).toBe('n02086723');
    expect(first!.pos).toBe('noun');
    expect(first!.lemmas).toContain('domestic dog');
    expect(first!.lemmas).toContain('Canis familiaris');
    expect(first!.gloss).toContain('domesticated');
    expect(first!.gloss).not.toContain('"');
    expect(first!.examples).toEqual(['the dog barked all night']);
    expect(first!.hypernyms.length).toBeGreaterThan(0);
    const hyper = first!.hypernyms.flatMap((id) => lex.synset(id)?.lemmas ?? []);
    expect(hyper).toContain('canine');
  });

  it('keeps sense order and counts', () => {
    expect(lex.synsets('dog', 'noun')).toHaveLength(7);
    expect(lex.synsets('dog', 'verb')).toHaveLength(1);
    expect(lex.synsets('zxqwerty', 'noun')).toEqual([]);
    expect(lex.synsets('Hot Dog', 'noun')[0]?.lemmas).toContain('hot dog');
  });

  it('tagCounts: SemCor tag counts parallel to synsets, [] for an unknown word', () => {
    // index.sense: employ%2:34:00:: 01161188 1 42 (use) and employ%2:41:00:: 02414542 2 14 (hire).
    expect(lex.tagCounts('employ', 'verb')).toEqual([42, 14]);
    expect(lex.tagCounts('Employ', 'verb')).toEqual([42, 14]);
    expect(lex.tagCounts('run', 'verb')).toHaveLength(lex.synsets('run', 'verb').length);
    expect(lex.tagCounts('large', 'adj')[0]).toBeGreaterThan(100);
    expect(lex.tagCounts('zxqwerty', 'noun')).toEqual([]);
  });

  it('synset(id) round-trips and rejects junk', () => {
    const s = lex.synsets('run', 'verb')[0]!;
    expect(lex.synset(s.id)).toBe(s);
    expect(lex.synset('n99999999')).toBeUndefined();
    expect(lex.synset('n00000001')).toBeUndefined();
    expect(lex.synset('dog')).toBeUndefined();
  });

  it('adjectives: satellites are adj, markers stripped, similar-to in related', () => {
    const big = lex.synsets('big', 'adj')[0]!;
    expect(big.id).toMatch(/^a\d{8}$/);
    expect(big.lemmas).toEqual(expect.arrayContaining(['large', 'big']));
    expect(big.related.length).toBeGreaterThan(0);
    const all = lex.synsets('remote', 'adj').flatMap((s) => s.lemmas);
    expect(all.some((l) => l.includes('('))).toBe(false);
    const outback = lex.synsets('outback', 'adj')[0]!;
    expect(outback.pos).toBe('adj');
    expect(outback.lemmas).toContain('outback');
  });
});

describe('partsOfSpeech', () => {
  it('lists every POS with synsets for the word or a base form', () => {
    expect(lex.partsOfSpeech('dog')).toEqual(['noun', 'verb']);
    expect(lex.partsOfSpeech('running')).toEqual(expect.arrayContaining(['noun', 'verb', 'adj']));
    expect(lex.partsOfSpeech('quickly')).toEqual(['adv']);
    expect(lex.partsOfSpeech('zxqwerty')).toEqual([]);
  });
});

describe('canonicalKey', () => {
  it.each([
    ['big', 'large'],
    ['buy', 'purchase'],
    ['car', 'automobile'],
    ['begin', 'start'],
    ['small', 'little'],
    ['help', 'assist'],
    ['answer', 'reply'],
    ['error', 'mistake'],
    ['choose', 'select'],
    ['often', 'frequently'],
    ['film', 'movie'],
    ['need', 'require'],
  ])('synonyms %s / %s collide', (a, b) => {
    expect(lex.canonicalKey(a)).toBe(lex.canonicalKey(b));
  });

  it.each([
    ['running', 'run'],
    ['ran', 'run'],
    ['runs', 'run'],
    ['houses', 'house'],
    ['bought', 'buy'],
    ['Larger', 'large'],
    ["dog's", 'dog'],
    ["children's", 'child'],
  ])('inflection %s collides with %s', (a, b) => {
    expect(lex.canonicalKey(a)).toBe(lex.canonicalKey(b));
  });

  it.each([
    ['dog', 'cat'],
    ['big', 'small'],
    ['quick', 'fast'],
    ['buy', 'sell'],
    ['house', 'car'],
    ['run', 'walk'],
    ['bed', 'be'],
    ['seed', 'see'],
    ['owner', 'own'],
    ['it', 'information'],
    ['us', 'america'],
    ['in', 'inner'],
  ])('unrelated %s / %s do not collide', (a, b) => {
    expect(lex.canonicalKey(a)).not.toBe(lex.canonicalKey(b));
  });

  it('words WordNet lacks map to themselves, lowercased', () => {
    expect(lex.canonicalKey('Zxqwerty')).toBe('zxqwerty');
    expect(lex.canonicalKey('1984')).toBe('1984');
    expect(lex.canonicalKey('Kowalczyk')).toBe('kowalczyk');
    expect(lex.canonicalKey('')).toBe('');
  });

  it('maps closed-class words to themselves but auxiliaries to their verb', () => {
    for (const w of ['the', 'a', 'it', 'its', 'us', 'in', 'on', 'but', 'I']) expect(lex.canonicalKey(w)).toBe(w.toLowerCase());
    expect(lex.canonicalKey('was')).toBe(lex.canonicalKey('be'));
    expect(lex.canonicalKey('is')).toBe(lex.canonicalKey('are'));
    expect(lex.canonicalKey('had')).toBe(lex.canonicalKey('have'));
  });

  it('is deterministic and returns synset ids for known words', () => {
    const key = lex.canonicalKey('dog');
    expect(key).toBe('n02086723');
    expect(lex.canonicalKey('DOG')).toBe(key);
    expect(lex.synset(lex.canonicalKey('large'))?.lemmas).toContain('big');
  });

  it('gives a cold instance the same keys for a 2,000-word text, and the same again from its cache', async () => {
    const { WordNetLexicon } = await import('../../../src/engines/lexicon/wordnet');
    const dir = defaultDictDir();
    const cold = await WordNetLexicon.load(dir);
    // Real running English: the glosses of ~400 noun synsets (~800 distinct words).
    const data = await readFile(join(dir, 'data.noun'), 'latin1');
    const words = data
      .split('\n')
      .slice(2000, 2600)
      .map((l) => l.split(' | ')[1] ?? '')
      .join(' ')
      .match(/[A-Za-z'-]+/g)!
      .slice(0, 2000);
    expect(words).toHaveLength(2000);
    const first = words.map((w) => cold.canonicalKey(w));
    expect(words.map((w) => cold.canonicalKey(w))).toEqual(first);
    expect(first).toEqual(words.map((w) => lex.canonicalKey(w)));
  });
});

describe('parsing helpers', () => {
  it('splits gloss and examples', () => {
    expect(splitGloss('a definition; "one"; "two"')).toEqual({ gloss: 'a definition', examples: ['one', 'two'] });
    expect(splitGloss('just a definition')).toEqual({ gloss: 'just a definition', examples: [] });
  });

  it('parses a verb line with frames', () => {
    const line =
      '00001740 29 v 04 breathe 0 take_a_breath 0 respire 0 suspire 3 002 @ 00004227 v 0000 ~ 00002573 v 0000 02 + 02 00 + 08 00 | draw air into, and expel out of, the lungs; "I can breathe better now"';
    const s = parseSynsetLine(line, 'verb', 1740)!;
    expect(s.id).toBe('v00001740');
    expect(s.lemmas).toEqual(['breathe', 'take a breath', 'respire', 'suspire']);
    expect(s.hypernyms).toEqual(['v00004227']);
    expect(s.related).toEqual(['v00002573']);
    expect(s.gloss).toBe('draw air into, and expel out of, the lungs');
    expect(s.examples).toEqual(['I can breathe better now']);
  });

  it('parses hex word counts and strips adjective markers', () => {
    const line = '00020141 00 s 02 outback(a) 0 remote 0 001 & 00019912 a 0000 | inaccessible; "outback regions"';
    const s = parseSynsetLine(line, 'adj', 20141)!;
    expect(s.lemmas).toEqual(['outback', 'remote']);
    expect(s.related).toEqual(['a00019912']);
  });
});
