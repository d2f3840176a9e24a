/**
 * Measures how espeak-ng's settings move what analyzeSpeaker hears, for the constants in
 * src/engines/voice/analysis/espeak-calibration.ts. Run it with
 *   KILN_VOICE_CALIBRATE=1 npx vitest run test/engines/voice/analysis/calibration.test.ts
 * and paste the printed table there (about a minute on two cores).
 */
import { analyzeSpeaker } from '../../../../src/engines/voice/analysis';
import { PITCH_STEPS, RANGE_PITCHES, RANGE_STEPS, RATE_STEPS_WPM } from '../../../../src/engines/voice/analysis/espeak-calibration';
import { CLONE_TEXT, SPEAKER_TEXT, speakWav, type EspeakVoice } from './fixtures';

export async function measureEspeak(voice: EspeakVoice, text = SPEAKER_TEXT) {
  return analyzeSpeaker(await speakWav(text, voice), { minSeconds: 0 });
}

const r = (v: number, digits = 1) => Number(v.toFixed(digits));

export interface VariantMeasurement {
  brightnessHz: number;
  medianF0: number[];
  rangeOffsetHz: number[][];
  rangeSpreadHz: number[][];
}

export async function calibrateVariant(variant: string): Promise<VariantMeasurement> {
  const medianF0: number[] = [];
  let brightnessHz = 0;
  for (const pitch of PITCH_STEPS) {
    const p = await measureEspeak({ variant, pitch, wordsPerMinute: 175 });
    medianF0.push(r(p.f0MedianHz));
    if (pitch === 50) brightnessHz = p.brightnessHz;
  }
  const rangeOffsetHz: number[][] = [];
  const rangeSpreadHz: number[][] = [];
  for (const pitch of RANGE_PITCHES) {
    const atDefault = await measureEspeak({ variant, pitch, pitchRange: 50, wordsPerMinute: 175 });
    const offsets: number[] = [];
    const spreads: number[] = [];
    for (const pitchRange of RANGE_STEPS) {
      const p = pitchRange === 50 ? atDefault : await measureEspeak({ variant, pitch, pitchRange, wordsPerMinute: 175 });
      offsets.push(r(p.f0MedianHz - atDefault.f0MedianHz));
      spreads.push(r(p.f0HighHz - p.f0LowHz));
    }
    rangeOffsetHz.push(offsets);
    rangeSpreadHz.push(spreads);
  }
  return { brightnessHz, medianF0, rangeOffsetHz, rangeSpreadHz };
}

/**
 * Syllables per second measured at each RATE_STEPS_WPM, averaged over `variants` and two texts:
 * at one wpm, text with longer words measures ~10% more syllables per second (espeak's unstressed
 * syllables are short, as people's are), so one text alone would bias the mapping.
 */
export async function calibrateRate(variants: string[]): Promise<number[]> {
  const rates: number[] = [];
  for (const wordsPerMinute of RATE_STEPS_WPM) {
    let sum = 0;
    let count = 0;
    for (const text of [SPEAKER_TEXT, CLONE_TEXT]) {
      for (const variant of variants) {
        sum += (await measureEspeak({ variant, pitch: 50, wordsPerMinute }, text)).syllablesPerSecond;
        count += 1;
      }
    }
    rates.push(r(sum / count, 2));
  }
  return rates;
}
