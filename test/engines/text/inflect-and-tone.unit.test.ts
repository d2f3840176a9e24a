import { describe, expect, it } from 'vitest';
import { contract, expand, hasContraction } from '../../../src/engines/text/contractions';
import { adjectiveFormOf, compareForm, nounFormOf, pluralize, verbForm, verbFormsOf } from '../../../src/engines/text/inflect';
import { applyTone } from '../../../src/engines/text/tone';
import { CONTRACTION } from './helpers';

describe('inflection', () => {
  it('pluralises nouns, regular and irregular, and compounds by their head', () => {
    expect(['city', 'box', 'church', 'day', 'child', 'analysis', 'knife', 'ice cream', 'point of view', 'sheep'].map(pluralize)).toEqual([
      'cities',
      'boxes',
      'churches',
      'days',
      'children',
      'analyses',
      'knives',
      'ice creams',
      'points of view',
      'sheep',
    ]);
    expect(nounFormOf('cities', 'city')).toBe('plural');
    expect(nounFormOf('city', 'city')).toBe('singular');
  });

  it('builds verb forms, regular and irregular, and phrasal verbs by their first word', () => {
    expect(verbForm('carry', 'past')).toBe('carried');
    expect(verbForm('stop', 'gerund')).toBe('stopping');
    expect(verbForm('visit', 'gerund')).toBe('visiting');
    expect(verbForm('make', 'gerund')).toBe('making');
    expect(verbForm('die', 'gerund')).toBe('dying');
    expect(verbForm('go', 'third')).toBe('goes');
    expect(verbForm('fix', 'third')).toBe('fixes');
    expect(verbForm('write', 'past')).toBe('wrote');
    expect(verbForm('write', 'participle')).toBe('written');
    expect(verbForm('prefer', 'past')).toBe('preferred');
    expect(verbForm('panic', 'past')).toBe('panicked');
    expect(verbForm('carry out', 'past')).toBe('carried out');
    expect(verbFormsOf('used', 'use')).toEqual(['past', 'participle']);
    expect(verbFormsOf('gave', 'give')).toEqual(['past']);
  });

  it('compares adjectives', () => {
    expect(compareForm('big', 'comparative')).toBe('bigger');
    expect(compareForm('happy', 'superlative')).toBe('happiest');
    expect(compareForm('large', 'comparative')).toBe('larger');
    expect(compareForm('good', 'comparative')).toBe('better');
    expect(compareForm('important', 'comparative')).toBe('more important');
    expect(adjectiveFormOf('larger', 'large')).toBe('comparative');
  });
});

describe('contractions', () => {
  it('contracts where English allows, not at a clause end', () => {
    expect(contract('It is late and we are tired, but I do not mind.')).toBe("It's late and we're tired, but I don't mind.");
    expect(contract('I know what it is.')).toBe('I know what it is.');
    expect(contract('They will not come and I cannot stay.')).toBe("They won't come and I can't stay.");
  });

  it('expands every contraction, straight or curly, but not possessives or quotations', () => {
    expect(expand("It's been a while; they're sure it won't fail and I'd go. Smith's dog can't swim.")).toBe(
      "It has been a while; they are sure it will not fail and I would go. Smith's dog cannot swim.",
    );
    expect(expand('We’re here and she’s ready.')).toBe('We are here and she is ready.');
    expect(expand('He said "don\'t go" and left.')).toBe('He said "don\'t go" and left.');
    expect(hasContraction("Smith's book")).toBe(false);
    expect(hasContraction('it’s')).toBe(true);
  });
});

describe('applyTone', () => {
  const lines = [
    { sentences: ['Title of the Piece'], after: '\n\n' },
    {
      sentences: [
        'It is clear that the plan will work, and the team is ready to start on Monday morning.',
        'However, the budget is small; the council approved only half of it.',
        'Studies show that early planning reduces costs.',
        'The project is the best option available.',
      ],
      after: '',
    },
  ];

  it('casual: contractions, shorter sentences, plain connectors, the reader addressed', () => {
    const out = applyTone(lines, 'casual', { title: true, seed: 'x' });
    const text = out.flatMap((l) => l.sentences).join(' ');
    expect(text).toMatch(CONTRACTION);
    expect(text).toMatch(/\byou/i);
    expect(text).toMatch(/\bBut the budget/);
    expect(out[1]!.sentences.length).toBeGreaterThan(lines[1]!.sentences.length);
    expect(out[0]!.sentences[0]).toBe('Title of the Piece');
  });

  it('formal: expanded, complete sentences', () => {
    const out = applyTone([{ sentences: ["it's done", "But we can't stop"], after: '' }], 'formal', { title: false, seed: 'x' });
    expect(out[0]!.sentences).toEqual(['It is done.', 'However, we cannot stop.']);
  });

  it('academic: formal connectors, no contractions, and no hedge on a plain claim', () => {
    const out = applyTone(lines, 'academic', { title: true, seed: 'x' });
    const text = out.flatMap((l) => l.sentences).join(' ');
    expect(text).not.toMatch(CONTRACTION);
    expect(text).toMatch(/[Ss]tudies show that early planning reduces costs/);
    expect(text).toMatch(/the plan will work/);
    expect(text).toMatch(/is the best option/);
    expect(text).not.toMatch(/\b(?:may|might|arguably|appears?|suggests?|generally)\b/);
    expect(text).toMatch(/\b(?:Moreover|Furthermore)\b/);
  });
});
