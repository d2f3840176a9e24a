import { describe, expect, it } from 'vitest';
import { verdictFor } from '../../../src/engines/plagiarism';

describe('verdictFor', () => {
  it('maps scores to verdicts: original < 0.10 ≤ mostly_original < 0.30 ≤ mixed < 0.60 ≤ plagiarised', () => {
    expect(verdictFor(0)).toBe('original');
    expect(verdictFor(0.0999)).toBe('original');
    expect(verdictFor(0.1)).toBe('mostly_original');
    expect(verdictFor(0.2999)).toBe('mostly_original');
    expect(verdictFor(0.3)).toBe('mixed');
    expect(verdictFor(0.5999)).toBe('mixed');
    expect(verdictFor(0.6)).toBe('plagiarised');
    expect(verdictFor(1)).toBe('plagiarised');
    expect(verdictFor(Number.NaN)).toBe('original');
  });
});
