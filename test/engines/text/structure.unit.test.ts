import { beforeAll, describe, expect, it } from 'vitest';
import { loadLexicon } from '../../../src/engines/lexicon';
import type { Lexicon } from '../../../src/engines/lexicon/types';
import { moveAdverbial, moveClause, moveReporting } from '../../../src/engines/text/clause-order';
import { splitCompound } from '../../../src/engines/text/compound';
import { swapConnectors } from '../../../src/engines/text/connectors';
import { swapCoordination } from '../../../src/engines/text/coordination';
import { analyse, renderSentence, type Sentence } from '../../../src/engines/text/nlp';
import { fixSentenceStarts } from '../../../src/engines/text/sentence-start';
import { switchVoice } from '../../../src/engines/text/active-passive';

let lexicon: Lexicon;

beforeAll(async () => {
  lexicon = await loadLexicon();
});

function sentence(text: string): Sentence {
  return fixSentenceStarts(analyse(text), lexicon)[0]!.sentences[0]!;
}

function apply(fn: (s: Sentence) => Sentence | undefined, text: string): string | undefined {
  const out = fn(sentence(text));
  return out ? renderSentence(out) : undefined;
}

describe('clause order', () => {
  it('moves a leading subordinate clause to the end and a trailing one to the front', () => {
    expect(apply(moveClause, 'Because the river flooded, the villagers moved to higher ground.')).toBe(
      'The villagers moved to higher ground because the river flooded.',
    );
    expect(apply(moveClause, 'When the weather improved, the volunteers planted tomatoes.')).toBe('The volunteers planted tomatoes when the weather improved.');
    expect(apply(moveClause, 'If sales grow, we will open a second shop.')).toBe('We will open a second shop if sales grow.');
    expect(apply(moveClause, 'Mayor Lisa Chen supported the plan because it was cheap.')).toBe('Because it was cheap, Mayor Lisa Chen supported the plan.');
    expect(apply(moveClause, 'The museum opened its new wing on 14 March 2022 after three years of construction.')).toBe(
      'After three years of construction, the museum opened its new wing on 14 March 2022.',
    );
  });

  it('leaves relative clauses, embedded questions and quotations alone', () => {
    expect(apply(moveClause, 'I remember the day when the river flooded.')).toBeUndefined();
    expect(apply(moveClause, 'She asked if the shop was open.')).toBeUndefined();
    expect(apply(moveClause, 'He said "we left because it rained" to the court.')).toBeUndefined();
    expect(apply(moveClause, 'They arrived two days before the storm hit.')).toBeUndefined();
    expect(apply(moveClause, 'She waited all day, and she did not relax until she saw him.')).toBeUndefined();
  });

  it('moves a date or place phrase between the ends of a sentence', () => {
    expect(apply(moveAdverbial, 'In 2019, the council approved a plan.')).toBe('The council approved a plan in 2019.');
    expect(apply(moveAdverbial, 'The council of Springfield approved a plan in 2019.')).toBe('In 2019, the council of Springfield approved a plan.');
  });

  it('turns a reported claim around', () => {
    expect(apply(moveReporting, 'Studies show that gardening can reduce stress.')).toBe('Gardening can reduce stress, studies show.');
    expect(apply(moveReporting, 'Critics did not say that the show was bad.')).toBeUndefined();
  });
});

describe('voice', () => {
  it('turns simple active sentences passive, with the right auxiliary and pronoun case', () => {
    expect(apply(switchVoice, 'The committee approved the budget in May.')).toBe('The budget was approved by the committee in May.');
    expect(apply(switchVoice, 'The volunteers planted the trees.')).toBe('The trees were planted by the volunteers.');
    expect(apply(switchVoice, 'She wrote the letters.')).toBe('The letters were written by her.');
    expect(apply(switchVoice, 'The museum opened its new wing on 14 March 2022.')).toBe('Its new wing was opened by the museum on 14 March 2022.');
  });

  it('turns simple passive sentences active', () => {
    expect(apply(switchVoice, 'The report was written by the auditors.')).toBe('The auditors wrote the report.');
    expect(apply(switchVoice, 'The letters were sent by him in June.')).toBe('He sent the letters in June.');
    expect(apply(switchVoice, 'The garden is watered by the neighbours.')).toBe('The neighbours water the garden.');
  });

  it('leaves negation, auxiliaries, idioms, double objects and linking verbs alone', () => {
    expect(apply(switchVoice, 'The committee did not approve the budget.')).toBeUndefined();
    expect(apply(switchVoice, 'The committee has approved the budget.')).toBeUndefined();
    expect(apply(switchVoice, 'The meeting took place in May.')).toBeUndefined();
    expect(apply(switchVoice, 'She gave him the book.')).toBeUndefined();
    expect(apply(switchVoice, 'He became a teacher.')).toBeUndefined();
  });
});

describe('connectors, compounds and pairs', () => {
  it('swaps a connector for an equivalent one', () => {
    expect(apply(swapConnectors, 'However, the results were mixed.')).toBe('Nevertheless, the results were mixed.');
    expect(apply(swapConnectors, 'For example, cats sleep a lot.')).toBe('For instance, cats sleep a lot.');
    expect(apply(swapConnectors, 'But the roof leaked.')).toBe('However, the roof leaked.');
    expect(apply(swapConnectors, 'In addition, Paris has museums.')).toBe('Also, Paris has museums.');
    expect(apply(swapConnectors, 'The roof leaked.')).toBeUndefined();
  });

  it('splits a compound sentence into two, keeping the relation', () => {
    expect(apply(splitCompound, 'Waves crashed against the wall, and the wind tore at the sails.')).toBe(
      'Waves crashed against the wall. The wind tore at the sails.',
    );
    expect(apply(splitCompound, 'Critics praised the rooms, but some visitors complained about the price.')).toBe(
      'Critics praised the rooms. However, some visitors complained about the price.',
    );
  });

  it('swaps two parallel noun phrases, not a verb phrase', () => {
    expect(apply(swapCoordination, 'Many cities lack the land and the funding to build gardens.')).toBe(
      'Many cities lack the funding and the land to build gardens.',
    );
    expect(apply(swapCoordination, 'Doctors recommend taking the stairs or cycling to work.')).toBeUndefined();
  });
});
