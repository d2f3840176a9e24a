import { lowpass } from './biquad';

/**
 * Median F0 from which a female variant is used. Adult male speech centres around 85–180 Hz and
 * female around 165–255 Hz; 160 Hz splits them and both sides can still reach it (male variants go up
 * to ~170 Hz, female ones down to ~115 Hz), so a speaker near the line loses nothing either way.
 */
export const FEMALE_FROM_HZ = 160;

/**
 * Fundamental frequency per frame by YIN (de Cheveigné & Kawahara, 2002, JASA 111(4)): the
 * difference function, its cumulative-mean normalisation, an absolute threshold, and parabolic
 * interpolation of the chosen lag. A frame is voiced when its best lag is periodic enough (low
 * aperiodicity) and it is loud enough relative to the recording.
 *
 * The signal is low-passed first: formants above ~1 kHz change shape from one period to the next and
 * make real voicing look aperiodic (on espeak speech at ~70 Hz F0, 419 of 1335 audible frames passed
 * the voicing test unfiltered, 702 filtered, with the same median), while F0 and its first harmonics
 * pass untouched.
 *
 * Cost: the cross term of the difference function is summed per hop-long segment and shared by the
 * overlapping windows, silent frames are skipped, and YIN runs at 8 kHz: about 0.1 s per minute of
 * speech on a slow two-core machine.
 */

export interface PitchOptions {
  /** Search range. 50 Hz leaves room for the deepest speaking voices (and espeak's lowest settings, which reach 52 Hz). */
  minHz?: number;
  maxHz?: number;
  /** YIN's absolute threshold on the normalised difference: the first dip below it wins, which avoids octave-too-low picks. */
  threshold?: number;
  /** Frames whose best normalised difference exceeds this are unvoiced (noise, fricatives, silence). */
  maxAperiodicity?: number;
  /** Integration window; a multiple of the hop. 30 ms holds 1.5 periods of the lowest F0 searched. */
  windowSeconds?: number;
  hopSeconds?: number;
  /** Frames quieter than this many dB below the loud end of the recording (its 95th percentile) are not voiced. */
  gateBelowLoudDb?: number;
  /** Low-pass cut-off applied before YIN (0 = none). */
  lowpassHz?: number;
}

export interface PitchTrack {
  hopSeconds: number;
  /** Frame i analyses the `windowSeconds`-long window starting at i·hopSeconds. */
  windowSeconds: number;
  /** Per frame: F0 in Hz, 0 when unvoiced. */
  f0Hz: Float32Array;
  voiced: Uint8Array;
  /** Per frame: normalised difference at the chosen lag (0 = perfectly periodic, ~1 = noise). */
  aperiodicity: Float32Array;
  /** Per frame: RMS level of the low-passed window in dB full scale (DC removed), i.e. mostly voiced energy. */
  levelDb: Float32Array;
  /** The level below which frames were gated out. */
  gateDb: number;
}

const DEFAULTS: Required<PitchOptions> = {
  minHz: 50,
  maxHz: 500,
  threshold: 0.12,
  maxAperiodicity: 0.3,
  windowSeconds: 0.03,
  hopSeconds: 0.01,
  gateBelowLoudDb: 30,
  lowpassHz: 800,
};

/** However quiet the recording, frames below this are never speech. */
const ABSOLUTE_FLOOR_DB = -60;
/** Frames are processed this many at a time so the working set stays in cache. */
const BLOCK_FRAMES = 256;

export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

/** YIN runs at this rate (or the nearest integer fraction of the input above it) once the low-pass has removed everything it could alias. */
const YIN_RATE = 8000;

/** Keeps every `factor`-th sample; only safe after a low-pass well below the new Nyquist. */
function decimate(input: Float32Array, factor: number): Float32Array {
  if (factor === 1) return input;
  const out = new Float32Array(Math.floor(input.length / factor));
  for (let i = 0; i < out.length; i++) out[i] = input[i * factor] as number;
  return out;
}

export function trackPitch(samples: Float32Array, inputRate: number, options: PitchOptions = {}): PitchTrack {
  const o = { ...DEFAULTS, ...options };
  // After an 800 Hz 4th-order low-pass the 4 kHz Nyquist of 8 kHz is >50 dB down, so halving the rate
  // loses nothing YIN uses (parabolic interpolation restores sub-sample lags) and quarters its work.
  const factor = o.lowpassHz > 0 && o.lowpassHz <= 1000 ? Math.max(1, Math.floor(inputRate / YIN_RATE)) : 1;
  const sampleRate = inputRate / factor;
  const hop = Math.round(o.hopSeconds * sampleRate);
  const segmentsPerWindow = Math.max(1, Math.round(o.windowSeconds / o.hopSeconds));
  const win = segmentsPerWindow * hop;
  const tauMin = Math.max(2, Math.floor(sampleRate / o.maxHz));
  const tauMax = Math.ceil(sampleRate / o.minHz);
  const filtered = decimate(o.lowpassHz > 0 ? lowpass(samples, o.lowpassHz, inputRate) : samples, factor);
  const frames = Math.ceil(filtered.length / hop);

  // Zero padding lets every frame read a full window plus the longest lag without bounds checks.
  const x = new Float32Array(frames * hop + win + tauMax + 1);
  x.set(filtered);
  const squares = new Float64Array(x.length + 1);
  const sums = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    squares[i + 1] = (squares[i] as number) + v * v;
    sums[i + 1] = (sums[i] as number) + v;
  }
  const energyAt = (start: number): number => (squares[start + win] as number) - (squares[start] as number);

  const levelDb = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const t = f * hop;
    const mean = ((sums[t + win] as number) - (sums[t] as number)) / win;
    const variance = Math.max(0, energyAt(t) / win - mean * mean);
    levelDb[f] = 10 * Math.log10(variance + 1e-12);
  }
  const gateDb = Math.max(ABSOLUTE_FLOOR_DB, percentile(levelDb, 0.95) - o.gateBelowLoudDb);

  const f0Hz = new Float32Array(frames);
  const voiced = new Uint8Array(frames);
  const aperiodicity = new Float32Array(frames).fill(1);
  const lags = tauMax + 1;
  const cross = new Float64Array(BLOCK_FRAMES * lags);
  const segmentSums = new Float64Array(BLOCK_FRAMES + segmentsPerWindow);
  const needed = new Uint8Array(BLOCK_FRAMES + segmentsPerWindow);
  const cmnd = new Float64Array(lags);

  for (let b0 = 0; b0 < frames; b0 += BLOCK_FRAMES) {
    const b1 = Math.min(frames, b0 + BLOCK_FRAMES);
    needed.fill(0);
    let anyActive = false;
    for (let f = b0; f < b1; f++) {
      if ((levelDb[f] as number) <= gateDb) continue;
      anyActive = true;
      for (let q = 0; q < segmentsPerWindow; q++) needed[f - b0 + q] = 1;
    }
    if (!anyActive) continue; // silence costs only its level measurement
    const segments = b1 - b0 + segmentsPerWindow - 1;

    // The cross term Σ x[j]·x[j+τ] of the difference function, summed per hop-long segment so that
    // overlapping windows share the work: each sample is multiplied once per lag, not once per window.
    for (let tau = 1; tau <= tauMax; tau++) {
      for (let s = 0; s < segments; s++) {
        if (!needed[s]) continue;
        const start = (b0 + s) * hop;
        const end = start + hop;
        let acc = 0;
        for (let j = start; j < end; j++) acc += (x[j] as number) * (x[j + tau] as number);
        segmentSums[s] = acc;
      }
      for (let f = b0; f < b1; f++) {
        if ((levelDb[f] as number) <= gateDb) continue;
        let acc = 0;
        for (let q = 0; q < segmentsPerWindow; q++) acc += segmentSums[f - b0 + q] as number;
        cross[(f - b0) * lags + tau] = acc;
      }
    }

    for (let f = b0; f < b1; f++) {
      if ((levelDb[f] as number) <= gateDb) continue;
      const t = f * hop;
      const e0 = energyAt(t);
      const row = (f - b0) * lags;
      // Cumulative-mean normalised difference d'(τ) = d(τ)·τ / Σ_{k≤τ} d(k).
      let running = 0;
      cmnd[0] = 1;
      for (let tau = 1; tau <= tauMax; tau++) {
        const d = Math.max(0, e0 + energyAt(t + tau) - 2 * (cross[row + tau] as number));
        running += d;
        cmnd[tau] = running > 0 ? (d * tau) / running : 1;
      }
      let best = -1;
      for (let tau = tauMin; tau <= tauMax; tau++) {
        if ((cmnd[tau] as number) < o.threshold) {
          while (tau + 1 <= tauMax && (cmnd[tau + 1] as number) < (cmnd[tau] as number)) tau++;
          best = tau;
          break;
        }
      }
      if (best < 0) {
        best = tauMin;
        for (let tau = tauMin + 1; tau <= tauMax; tau++) if ((cmnd[tau] as number) < (cmnd[best] as number)) best = tau;
      }
      const value = cmnd[best] as number;
      aperiodicity[f] = value;
      // A minimum pinned to the edge of the search range is a pitch outside it, not a measurement.
      if (best === tauMax || value > o.maxAperiodicity) continue;
      const before = cmnd[best - 1] as number;
      const after = cmnd[best + 1] as number;
      const curvature = before - 2 * value + after;
      const shift = curvature > 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature)) : 0;
      f0Hz[f] = sampleRate / (best + shift);
      voiced[f] = 1;
    }
  }

  // A lone voiced frame between unvoiced ones is almost always a periodic blip in noise, not a vowel.
  for (let f = 0; f < frames; f++) {
    if (voiced[f] && !voiced[f - 1] && !voiced[f + 1]) {
      voiced[f] = 0;
      f0Hz[f] = 0;
    }
  }
  return { hopSeconds: hop / sampleRate, windowSeconds: win / sampleRate, f0Hz, voiced, aperiodicity, levelDb, gateDb };
}
