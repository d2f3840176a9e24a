/**
 * In-place iterative radix-2 FFT. Analysis frames are a few hundred samples, so a plain complex
 * transform with cached twiddles and bit-reversal is fast enough and easy to trust.
 */

interface FftPlan {
  size: number;
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const plans = new Map<number, FftPlan>();

function planFor(size: number): FftPlan {
  const cached = plans.get(size);
  if (cached) return cached;
  if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${size}`);
  const bits = Math.log2(size);
  const reversed = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let k = 0; k < size / 2; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / size);
    sin[k] = -Math.sin((2 * Math.PI * k) / size);
  }
  const plan = { size, cos, sin, reversed };
  plans.set(size, plan);
  return plan;
}

/** Forward DFT of (re, im) in place: X[k] = Σ x[n]·e^(−2πi·kn/N). Both arrays must have the same power-of-two length. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  const { cos, sin, reversed } = planFor(n);
  for (let i = 0; i < n; i++) {
    const j = reversed[i] as number;
    if (j > i) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const halfLen = len >> 1;
    const stride = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < halfLen; k++) {
        const wr = cos[k * stride] as number;
        const wi = sin[k * stride] as number;
        const a = start + k;
        const b = a + halfLen;
        const br = re[b] as number;
        const bi = im[b] as number;
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        const ar = re[a] as number;
        const ai = im[a] as number;
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
      }
    }
  }
}
