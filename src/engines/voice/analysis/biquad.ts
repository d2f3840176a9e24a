/** Second-order IIR sections (RBJ "Audio EQ Cookbook" formulas): cheap filtering at one pass over the samples. */

interface Coefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function design(kind: 'lowpass' | 'highpass', cutoffHz: number, sampleRate: number): Coefficients {
  const w0 = (2 * Math.PI * cutoffHz) / sampleRate;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2); // Q = 1/√2: Butterworth, no resonant bump
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b1 = kind === 'lowpass' ? (1 - cos) / a0 : -(1 + cos) / a0;
  const b0 = kind === 'lowpass' ? b1 / 2 : -b1 / 2;
  return { b0, b1, b2: b0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

function run(input: Float32Array, c: Coefficients): Float32Array {
  const output = new Float32Array(input.length);
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x0 = input[i] as number;
    const y0 = c.b0 * x0 + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
    output[i] = y0;
  }
  return output;
}

/** `order` is 2 per section; sections are cascaded (a 4th-order "Butterworth-squared" for order 4). */
export function lowpass(input: Float32Array, cutoffHz: number, sampleRate: number, order = 4): Float32Array {
  const c = design('lowpass', cutoffHz, sampleRate);
  let out = input;
  for (let s = 0; s < order / 2; s++) out = run(out, c);
  return out;
}

export function highpass(input: Float32Array, cutoffHz: number, sampleRate: number, order = 4): Float32Array {
  const c = design('highpass', cutoffHz, sampleRate);
  let out = input;
  for (let s = 0; s < order / 2; s++) out = run(out, c);
  return out;
}
