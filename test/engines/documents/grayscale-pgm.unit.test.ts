import { describe, expect, it } from 'vitest';
import { grayscalePgm } from '../../../src/engines/documents/pdf';

describe('grayscalePgm', () => {
  it('writes a binary PGM header and one luma byte a pixel', () => {
    // 2×1: pure red, then white.
    const data = new Uint8ClampedArray([255, 0, 0, 255, 255, 255, 255, 255]);
    const pgm = grayscalePgm({ width: 2, height: 1, data });
    const header = 'P5\n2 1\n255\n';
    expect(new TextDecoder().decode(pgm.subarray(0, header.length))).toBe(header);
    expect([...pgm.subarray(header.length)]).toEqual([76, 255]);
    expect(pgm.length).toBe(header.length + 2);
  });
});
