import { fft } from './fft';
import type { VoicingTrack } from './speaking-rate';

/**
 * Brightness as the mean spectral centroid of voiced frames: where the "centre of mass" of the
 * magnitude spectrum lies. Higher formants and a flatter spectral tilt raise it, so it separates
 * dark from bright voices, but the microphone, room and codec move it too: treat it as a rough cue.
 */

const FRAME = 512; // 32 ms at 16 kHz: two to three pitch periods even for low voices
const MIN_HZ = 60; // below this is hum and DC, not voice
/** Enough frames for a stable mean; more only costs time on long samples. */
const MAX_FRAMES = 3000;

let hann: Float64Array | undefined;
function hannWindow(): Float64Array {
  if (!hann) {
    hann = new Float64Array(FRAME);
    for (let i = 0; i < FRAME; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1));
  }
  return hann;
}

/** Mean spectral centroid (Hz) over the voiced frames, or 0 when there are none. */
export function measureBrightness(samples: Float32Array, sampleRate: number, voicing: VoicingTrack): number {
  const hop = Math.round(voicing.hopSeconds * sampleRate);
  const halfWindow = Math.round((voicing.windowSeconds * sampleRate) / 2);
  const voicedFrames: number[] = [];
  voicing.voiced.forEach((v, f) => {
    if (v) voicedFrames.push(f);
  });
  if (voicedFrames.length === 0) return 0;
  const stride = Math.max(1, Math.ceil(voicedFrames.length / MAX_FRAMES));
  const window = hannWindow();
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  const binHz = sampleRate / FRAME;
  const firstBin = Math.ceil(MIN_HZ / binHz);
  let total = 0;
  let counted = 0;
  for (let i = 0; i < voicedFrames.length; i += stride) {
    const centre = (voicedFrames[i] as number) * hop + halfWindow;
    const start = centre - FRAME / 2;
    for (let j = 0; j < FRAME; j++) {
      re[j] = (samples[start + j] ?? 0) * (window[j] as number);
      im[j] = 0;
    }
    fft(re, im);
    let weighted = 0;
    let sum = 0;
    for (let k = firstBin; k <= FRAME / 2; k++) {
      const magnitude = Math.hypot(re[k] as number, im[k] as number);
      weighted += magnitude * k * binHz;
      sum += magnitude;
    }
    if (sum > 0) {
      total += weighted / sum;
      counted += 1;
    }
  }
  return counted > 0 ? total / counted : 0;
}
