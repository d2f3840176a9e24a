import { describe, expect, it } from 'vitest';
import { cosine, coverage, DIMS, embed, embedSentences, fromBytes, similarity, toBytes } from '../../src/engines/embeddings';

describe('embeddings', () => {
  it('gives unit vectors of DIMS numbers, zero when no word is known', () => {
    const v = embed('The parks department budget is 2.4 million');
    expect(v).toHaveLength(DIMS);
    expect(cosine(v, v)).toBeCloseTo(1, 5);
    expect(cosine(embed('the of 2024 Xqzvw'), v)).toBe(0);
  });

  it('ranks the sentence that answers a question worded unlike it above unrelated ones', () => {
    const ask = (question: string, sentences: string[]) =>
      sentences.map((s) => similarity(question, s)).indexOf(Math.max(...sentences.map((s) => similarity(question, s))));
    const facts = [
      'The town has an estimated population of 48,200.',
      'The parks department budget is 2.4 million.',
      'The unemployment rate was 3.9 percent in June.',
      'Residential water rates rose 4.5 percent on July 1.',
    ];
    expect(ask('How many people live here?', facts)).toBe(0);
    expect(ask('How much funding do green spaces get?', facts)).toBe(1);
    expect(ask('Did tap charges increase?', facts)).toBe(3);
  });

  it('reaches unknown inflections through their stem', () => {
    expect(similarity('reimbursements', 'reimbursement')).toBeGreaterThan(0.99);
  });

  it('stores a vector in DIMS bytes and reads it back nearly unchanged', () => {
    const v = embed('Curbside composting launched in April');
    const bytes = toBytes(v);
    expect(bytes).toHaveLength(DIMS);
    expect(cosine(fromBytes(bytes), v)).toBeGreaterThan(0.999);
  });
});

describe('coverage', () => {
  it('finds a short question’s words among a long sentence’s, where averaged vectors drown them', () => {
    const sentence = 'The department ended the year with 312 sworn officers after 21 recruits graduated from the academy in December.';
    expect(coverage('cops', sentence)).toBeGreaterThan(coverage('cops', 'The recycling diversion rate reached 41 percent.'));
    expect(coverage('officers', sentence)).toBe(1);
    expect(coverage('', sentence)).toBe(0);
  });
});

describe('embedSentences', () => {
  it('gives each sentence its vector and where it starts', () => {
    const text = 'Curbside composting launched in April.  The recycling rate reached 41 percent. ';
    const sentences = embedSentences(text);
    expect(sentences.map((s) => s.text)).toEqual(['Curbside composting launched in April.', 'The recycling rate reached 41 percent.']);
    for (const s of sentences) {
      expect(text.slice(s.start, s.start + s.text.length)).toBe(s.text);
      expect(cosine(s.vector, embed(s.text))).toBeCloseTo(1, 5);
    }
  });
});
