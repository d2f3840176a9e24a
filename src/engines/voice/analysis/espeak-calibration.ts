/**
 * How espeak-ng's settings move what analyzeSpeaker measures, so settings can be chosen to make the
 * synthetic voice measure like the sample.
 *
 * Measured with this module's own analyser on espeak-ng 1.52-dev (the `espeak-ng` npm build),
 * voice `en-us+<variant>`, speaking a fixed ~15 s paragraph (SPEAKER_TEXT in the test fixtures) at
 * 175 wpm:
 * - the median F0 at each `-p` step, with `-P 50`;
 * - at `-p` 10, 50 and 90, how each `-P` step shifts that median (Hz) and the p90−p10 spread (Hz).
 *   espeak adds its intonation in roughly constant Hz whatever the base pitch, so `-P` lifts a low
 *   voice's median proportionally more than a high one's; a one-dimensional table was off by up to 8%;
 * - the mean spectral centroid at `-p 50 -P 50`;
 * - syllables per second at each `-s` step, averaged over the variants and over that paragraph and a
 *   second one with longer words (CLONE_TEXT), since word length moves syllable rate ~10% at one wpm.
 * Repeated runs agree to within ~0.2 Hz. Regenerate with
 * `KILN_VOICE_CALIBRATE=1 npx vitest run test/engines/voice/analysis/calibration.test.ts`;
 * the same test file checks a few points against live espeak on every run.
 */

export const PITCH_STEPS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99] as const;
export const RANGE_STEPS = [0, 25, 50, 75, 99] as const;
/** The `-p` values at which the effect of `-P` was measured. */
export const RANGE_PITCHES = [10, 50, 90] as const;
export const RATE_STEPS_WPM = [80, 120, 160, 190, 225, 280, 350] as const;

export interface VariantCalibration {
  gender: 'male' | 'female';
  /** Mean spectral centroid of voiced frames, Hz. */
  brightnessHz: number;
  /** Median F0 (Hz) at each PITCH_STEPS value of `-p`, with `-P 50`. */
  medianF0: readonly number[];
  /** [RANGE_PITCHES][RANGE_STEPS]: change of the median F0 (Hz) from `-P 50` to each `-P`. */
  rangeOffsetHz: readonly (readonly number[])[];
  /** [RANGE_PITCHES][RANGE_STEPS]: p90 − p10 of F0 (Hz) at each `-P`. */
  rangeSpreadHz: readonly (readonly number[])[];
}

/**
 * Three variants per gender, spread from dark to bright by their formant scaling (checked by the
 * centroids): espeak's m7/m3/m2 and f1/f2/f5. The robotic, whispering and novelty variants are left out.
 */
export const ESPEAK_VARIANTS = {
  m7: {
    gender: 'male',
    brightnessHz: 925,
    medianF0: [75.4, 80.1, 85.2, 91.4, 98, 106.5, 116.1, 127.9, 140.4, 155.8, 170.5],
    rangeOffsetHz: [
      [-18.2, -9.7, 0, 10.9, 20.2],
      [-16.7, -8.5, 0, 9.3, 18.8],
      [-17, -8.6, 0, 8.5, 16.7],
    ],
    rangeSpreadHz: [
      [1.7, 13.8, 25.7, 34.7, 45.4],
      [1.9, 14.9, 27.9, 40.7, 51.9],
      [2, 16.7, 32.2, 45.1, 58.6],
    ],
  },
  m3: {
    gender: 'male',
    brightnessHz: 1321,
    medianF0: [71.5, 76.1, 81.2, 88.3, 95.8, 105.1, 115.4, 127.5, 141.2, 157.4, 173.2],
    rangeOffsetHz: [
      [-15.1, -8.1, 0, 9.2, 17.8],
      [-14.1, -7.3, 0, 7.5, 15],
      [-13.7, -6.9, 0, 7.1, 13.6],
    ],
    rangeSpreadHz: [
      [1.9, 12.5, 21.6, 30.4, 39.1],
      [1.9, 12.6, 24, 33.8, 43.8],
      [1.9, 12.9, 26, 37.6, 49.6],
    ],
  },
  m2: {
    gender: 'male',
    brightnessHz: 1471,
    medianF0: [62.4, 67.9, 74.1, 81.8, 90.4, 100.7, 112.5, 126.1, 141.5, 159.3, 177.3],
    rangeOffsetHz: [
      [-9.4, -4.9, 0, 5.4, 10.8],
      [-8.7, -4.4, 0, 4.8, 9.2],
      [-8.8, -4.4, 0, 4.7, 8.8],
    ],
    rangeSpreadHz: [
      [1.9, 8.5, 15.3, 21.5, 26.3],
      [1.9, 8.3, 17, 24.1, 31.3],
      [1.9, 8.8, 16.8, 24.7, 32.7],
    ],
  },
  f1: {
    gender: 'female',
    brightnessHz: 1430,
    medianF0: [115.9, 125.4, 135.3, 148.4, 162.5, 179.4, 199, 221.5, 247.2, 276.7, 306.4],
    rangeOffsetHz: [
      [-21, -10.4, 0, 11.2, 22.3],
      [-19.6, -9.6, 0, 10.2, 20.6],
      [-19.6, -9.9, 0, 9.8, 19.2],
    ],
    rangeSpreadHz: [
      [7.7, 20.5, 35.2, 48.8, 60.6],
      [7.5, 19.7, 37.2, 55.1, 68.4],
      [7.5, 19.4, 37, 54.5, 72.2],
    ],
  },
  f2: {
    gender: 'female',
    brightnessHz: 1568,
    medianF0: [130.4, 140.4, 150.7, 163.9, 178.2, 196, 215.7, 238.2, 264.1, 294.1, 324.4],
    rangeOffsetHz: [
      [-26.4, -13.6, 0, 14.5, 28.5],
      [-25.9, -13.1, 0, 12.7, 25.8],
      [-25.2, -12.6, 0, 12.7, 25.4],
    ],
    rangeSpreadHz: [
      [1.9, 23.9, 46.9, 64.2, 80.4],
      [2, 24.1, 48.2, 71, 93.2],
      [2.1, 24.3, 49.3, 74.4, 98.5],
    ],
  },
  f5: {
    gender: 'female',
    brightnessHz: 1932,
    medianF0: [130.8, 142.5, 154.1, 169.6, 185.7, 205.6, 228.1, 254.1, 283.5, 317.7, 351.9],
    rangeOffsetHz: [
      [-22.9, -11.6, 0, 11.9, 24.2],
      [-22.4, -11.1, 0, 11.5, 22.4],
      [-22.1, -11.2, 0, 10.6, 21.3],
    ],
    rangeSpreadHz: [
      [1.9, 21.8, 41.1, 58.2, 74],
      [2, 21.6, 42.1, 62.8, 80.3],
      [2.1, 21.1, 42.6, 65.9, 85.3],
    ],
  },
} as const satisfies Record<string, VariantCalibration>;

export type CalibratedVariant = keyof typeof ESPEAK_VARIANTS;

/** Syllables per second measured at each RATE_STEPS_WPM value of `-s`. */
export const RATE_SYLLABLES_PER_SECOND = [2.48, 3.41, 4.37, 4.79, 5.6, 6.78, 7.48] as const;
