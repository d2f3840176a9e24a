import { describe, expect, it } from 'vitest';
import { resample, Resampler } from '../../../src/engines/voice';
import { linearToMulaw, mulawToLinear } from '../../../src/engines/voice/mulaw';

function tone(hz: number, rate: number, seconds: number, amplitude = 0.5): Int16Array {
  const out = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / rate));
  return out;
}

/** RMS of the middle half, away from the filter's edges, relative to full scale. */
function middleRms(pcm: Int16Array): number {
  const from = Math.floor(pcm.length / 4);
  const to = Math.floor((pcm.length * 3) / 4);
  let sum = 0;
  for (let i = from; i < to; i++) sum += ((pcm[i] as number) / 32768) ** 2;
  return Math.sqrt(sum / (to - from));
}

/** Amplitude of the `hz` component (correlation with sine and cosine) over the middle half. */
function componentAt(pcm: Int16Array, rate: number, hz: number): number {
  const from = Math.floor(pcm.length / 4);
  const to = Math.floor((pcm.length * 3) / 4);
  let s = 0;
  let c = 0;
  for (let i = from; i < to; i++) {
    const x = (pcm[i] as number) / 32768;
    s += x * Math.sin((2 * Math.PI * hz * i) / rate);
    c += x * Math.cos((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(s, c)) / (to - from);
}

const dB = (ratio: number) => 20 * Math.log10(ratio);

describe('band-limited resampler', () => {
  it('gives exactly round(n × out / in) samples, the same fed whole or in odd pieces', () => {
    for (const [from, to] of [
      [22_050, 16_000],
      [22_050, 24_000],
      [22_050, 8_000],
      [16_000, 24_000],
      [16_000, 8_000],
    ] as const) {
      for (const n of [0, 1, 7, 100, 22_050, 33_333]) {
        const input = tone(440, from, n / from);
        const whole = resample(input, from, to);
        expect(whole.length, `${from}→${to}, ${n}`).toBe(Math.round((n * to) / from));
        const r = new Resampler(from, to);
        const parts: Int16Array[] = [];
        for (let i = 0, size = 1; i < n; i += size, size = (size * 7 + 3) % 1500 || 1) parts.push(r.push(input.subarray(i, i + size)));
        parts.push(r.end());
        const pieces = Int16Array.from(parts.flatMap((p) => Array.from(p)));
        expect(Buffer.from(pieces.buffer).equals(Buffer.from(whole.buffer)), `${from}→${to}, ${n}`).toBe(true);
      }
    }
  });

  it('keeps tones in the passband within 0.1 dB and at their frequency', () => {
    for (const [from, to, hz] of [
      [22_050, 16_000, 1_000],
      [22_050, 16_000, 6_000],
      [22_050, 24_000, 1_000],
      [22_050, 24_000, 8_000],
      [22_050, 8_000, 300],
      [22_050, 8_000, 3_000],
      [16_000, 24_000, 6_000],
    ] as const) {
      const out = resample(tone(hz, from, 1), from, to);
      const level = componentAt(out, to, hz);
      expect(Math.abs(dB(level / 0.5)), `${from}→${to} at ${hz} Hz`).toBeLessThan(0.1);
      // Nothing else there: the whole signal is that tone.
      expect(Math.abs(dB(middleRms(out) / (0.5 / Math.SQRT2))), `${from}→${to} at ${hz} Hz`).toBeLessThan(0.1);
    }
  });

  it('removes what the lower rate cannot carry instead of folding it back (at least 60 dB down)', () => {
    for (const [from, to, hz] of [
      [22_050, 8_000, 5_000], // would alias to 3 kHz
      [22_050, 8_000, 9_000],
      [22_050, 16_000, 9_500],
      [16_000, 8_000, 4_800],
    ] as const) {
      const out = resample(tone(hz, from, 1), from, to);
      expect(dB(middleRms(out) / (0.5 / Math.SQRT2)), `${from}→${to} at ${hz} Hz`).toBeLessThan(-60);
    }
  });

  it('refuses rates that are not positive integers, and input after the end', () => {
    expect(() => new Resampler(0, 8000)).toThrow(/positive integers/);
    expect(() => new Resampler(22_050, 8000.5)).toThrow(/positive integers/);
    const r = new Resampler(16_000, 8_000);
    r.end();
    expect(() => r.push(new Int16Array(10))).toThrow(/ended/);
  });
});

describe('G.711 µ-law', () => {
  it('encodes silence as 0xFF, is monotonic, and decodes within one quantisation step (≤ 1/16 of the value, or 8 near zero)', () => {
    expect(linearToMulaw(0)).toBe(0xff);
    expect(mulawToLinear(0xff)).toBe(0);
    let last = -Infinity;
    for (let x = -32768; x <= 32767; x++) {
      const back = mulawToLinear(linearToMulaw(x));
      expect(back).toBeGreaterThanOrEqual(last);
      last = back;
      const clipped = Math.max(-32635, Math.min(32635, x));
      if (Math.abs(back - clipped) > Math.max(8, Math.abs(clipped) / 16)) throw new Error(`${x} came back as ${back}`);
    }
  });
});
