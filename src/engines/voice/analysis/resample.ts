/** Every analysis runs at this rate: it covers speech's useful band (to 8 kHz) at a third of 48 kHz's cost. */
export const ANALYSIS_SAMPLE_RATE = 16_000;

/** Table resolution: the kernel is stored at 1/PHASES-sample steps and the nearest step is used. */
const PHASES = 128;
/** Sinc zero crossings kept each side of the centre; 8 with a Blackman window gives ~70 dB stopband. */
const ZERO_CROSSINGS = 8;
/** Cut-off as a fraction of the output's Nyquist, leaving a transition band so little aliases back. */
const CUTOFF = 0.92;

interface Kernel {
  taps: number;
  table: Float32Array;
}

function buildKernel(ratio: number): Kernel {
  // Cycles per input sample: half the slower of the two rates, so downsampling also low-passes.
  const fc = 0.5 * Math.min(1, ratio) * CUTOFF;
  const half = Math.ceil(ZERO_CROSSINGS / (2 * fc));
  const taps = 2 * half;
  const table = new Float32Array((PHASES + 1) * taps);
  for (let p = 0; p <= PHASES; p++) {
    const frac = p / PHASES;
    let sum = 0;
    for (let m = 0; m < taps; m++) {
      const x = frac + half - 1 - m; // distance from the output instant to tap m's input sample
      const u = x / half;
      const window = Math.abs(u) >= 1 ? 0 : 0.42 + 0.5 * Math.cos(Math.PI * u) + 0.08 * Math.cos(2 * Math.PI * u);
      const arg = 2 * fc * x;
      const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      const value = 2 * fc * sinc * window;
      table[p * taps + m] = value;
      sum += value;
    }
    // Unity gain at DC for every phase, so level (and the energy gates downstream) does not ripple.
    for (let m = 0; m < taps; m++) table[p * taps + m] = (table[p * taps + m] as number) / sum;
  }
  return { taps, table };
}

/**
 * Band-limited resampling by windowed-sinc interpolation (Smith's table method). Downsampling
 * filters out everything above the new Nyquist first, so 44.1/48 kHz recordings do not fold their
 * 8–24 kHz content into the band the brightness measure looks at.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input;
  const step = fromRate / toRate;
  const { taps, table } = buildKernel(toRate / fromRate);
  const half = taps / 2;
  const outLength = Math.floor(input.length / step);
  const output = new Float32Array(outLength);
  const last = input.length - 1;
  for (let n = 0; n < outLength; n++) {
    const t = n * step;
    let i0 = Math.floor(t);
    let phase = Math.round((t - i0) * PHASES);
    if (phase === PHASES) {
      phase = 0;
      i0 += 1;
    }
    const first = i0 - half + 1;
    const row = phase * taps;
    let acc = 0;
    if (first >= 0 && first + taps - 1 <= last) {
      for (let m = 0; m < taps; m++) acc += (input[first + m] as number) * (table[row + m] as number);
    } else {
      for (let m = 0; m < taps; m++) {
        const k = first + m;
        if (k >= 0 && k <= last) acc += (input[k] as number) * (table[row + m] as number);
      }
    }
    output[n] = acc;
  }
  return output;
}
