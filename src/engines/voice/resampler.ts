/**
 * Streaming band-limited resampling of mono 16-bit PCM by a rational factor (polyphase windowed sinc).
 *
 * Why our own: the maintained npm option (@alexanderolsen/libsamplerate-js) exposes libsamplerate's
 * streaming API without its end-of-input flag, so the filter's last few milliseconds of every stream
 * would be lost and output lengths drift from in × out/in; here the length is exact
 * (round(input × outRate / inRate)), which keeps a file's duration equal to the one we report.
 *
 * The low-pass sits at 88 % of the lower Nyquist frequency with a Kaiser window (β = 8, ~80 dB
 * stopband) 24 zero crossings wide, so the stopband begins just below the output's Nyquist: speech
 * keeps everything up to ~7 kHz at 16 kHz, ~3.5 kHz at 8 kHz (the telephone band), and nothing folds
 * back audibly.
 */

const ZERO_CROSSINGS = 24;
const CUTOFF = 0.88;
const KAISER_BETA = 8;

export class Resampler {
  readonly up: number;
  readonly down: number;
  /** Filter taps on each side of the output instant, in input samples. */
  private readonly half: number;
  /** `phases[p]` weights the 2·half inputs around an output that falls p/up of the way past an input. */
  private readonly phases: Float32Array[];
  /** Input not yet needed by every later output; `buffer[0]` is input sample `bufferStart`. */
  private buffer = new Float32Array(4096);
  private buffered = 0;
  private bufferStart: number;
  private inputs = 0;
  private outputs = 0;
  private ended = false;

  constructor(
    readonly inRate: number,
    readonly outRate: number,
  ) {
    if (!Number.isInteger(inRate) || !Number.isInteger(outRate) || inRate <= 0 || outRate <= 0) {
      throw new Error(`sample rates must be positive integers, got ${inRate} → ${outRate}`);
    }
    const g = gcd(inRate, outRate);
    this.up = outRate / g;
    this.down = inRate / g;
    // Cut-off as a fraction of the input's Nyquist frequency; a wider kernel for a lower cut-off.
    const fc = CUTOFF * Math.min(1, this.up / this.down);
    this.half = Math.ceil(ZERO_CROSSINGS / fc);
    this.phases = designPhases(this.up, this.half, fc);
    // Inputs before the first are silence: start with `half - 1` zeros of history.
    this.bufferStart = -(this.half - 1);
    this.buffered = this.half - 1;
  }

  /** Output samples for the input so far; the last ~half filter length waits for more input or `end`. */
  push(pcm: Int16Array): Int16Array {
    if (this.ended) throw new Error('resampler already ended');
    this.append(pcm);
    this.inputs += pcm.length;
    // Output n reads inputs up to floor(n·down/up) + half, so n < (inputs − half)·up/down are ready.
    const ready = Math.ceil(((this.inputs - this.half) * this.up) / this.down);
    return this.produce(Math.max(this.outputs, ready));
  }

  /** The outputs still owed, reading silence past the last input; the total is round(inputs·up/down). */
  end(): Int16Array {
    if (this.ended) return new Int16Array(0);
    this.ended = true;
    this.append(new Int16Array(this.half + 1));
    return this.produce(Math.round((this.inputs * this.up) / this.down));
  }

  private produce(until: number): Int16Array {
    const count = until - this.outputs;
    if (count <= 0) return new Int16Array(0);
    const out = new Int16Array(count);
    const taps = 2 * this.half;
    for (let k = 0; k < count; k++) {
      const n = this.outputs + k;
      const position = n * this.down;
      const base = Math.floor(position / this.up);
      const kernel = this.phases[position - base * this.up] as Float32Array;
      const first = base - this.half + 1 - this.bufferStart;
      let acc = 0;
      for (let j = 0; j < taps; j++) acc += (kernel[j] as number) * (this.buffer[first + j] as number);
      out[k] = acc >= 32767 ? 32767 : acc <= -32768 ? -32768 : Math.round(acc);
    }
    this.outputs = until;
    // Keep only what the next output still reads.
    const nextFirst = Math.floor((this.outputs * this.down) / this.up) - this.half + 1;
    const drop = Math.min(this.buffered, Math.max(0, nextFirst - this.bufferStart));
    if (drop > 0) {
      this.buffer.copyWithin(0, drop, this.buffered);
      this.buffered -= drop;
      this.bufferStart += drop;
    }
    return out;
  }

  private append(pcm: Int16Array): void {
    if (this.buffered + pcm.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.buffered + pcm.length, this.buffer.length * 2));
      grown.set(this.buffer.subarray(0, this.buffered));
      this.buffer = grown;
    }
    this.buffer.set(pcm, this.buffered);
    this.buffered += pcm.length;
  }
}

/** Resamples a whole signal at once; for tests and short audio. */
export function resample(pcm: Int16Array, inRate: number, outRate: number): Int16Array {
  if (inRate === outRate) return pcm.slice();
  const r = new Resampler(inRate, outRate);
  const a = r.push(pcm);
  const b = r.end();
  const out = new Int16Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function designPhases(up: number, half: number, fc: number): Float32Array[] {
  const phases: Float32Array[] = [];
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 0; p < up; p++) {
    const kernel = new Float32Array(2 * half);
    let sum = 0;
    for (let j = 0; j < 2 * half; j++) {
      // Distance in input samples from the output instant to this tap's input.
      const t = p / up + half - 1 - j;
      const x = t / half;
      const window = Math.abs(x) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / i0Beta;
      const w = fc * sinc(fc * t) * window;
      kernel[j] = w;
      sum += w;
    }
    // Exact unity gain at DC in every phase, so a constant stays constant (no ripple at the output rate).
    for (let j = 0; j < kernel.length; j++) kernel[j] = (kernel[j] as number) / sum;
    phases.push(kernel);
  }
  return phases;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Modified Bessel function of the first kind, order 0 (power series; converges fast for β ≤ 20). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
