import { describe, expect, it } from 'vitest';
import { ESPEAK_VARIANTS, PITCH_STEPS } from '../../../../src/engines/voice/analysis/espeak-calibration';
import { predictEspeakPitch } from '../../../../src/engines/voice/analysis/voice-settings';
import { calibrateRate, calibrateVariant, measureEspeak } from './espeak-calibration';

describe('espeak calibration', () => {
  // Re-measures everything; only on request, since it takes about a minute.
  it.runIf(process.env.KILN_VOICE_CALIBRATE)(
    'prints freshly measured constants',
    async () => {
      // Printed in the shape of the constants file, ready to paste.
      const lines: string[] = [];
      for (const [name, cal] of Object.entries(ESPEAK_VARIANTS)) {
        const m = await calibrateVariant(name);
        lines.push(
          `  ${name}: {`,
          `    gender: '${cal.gender}',`,
          `    brightnessHz: ${m.brightnessHz},`,
          `    medianF0: [${m.medianF0.join(', ')}],`,
          `    rangeOffsetHz: [${m.rangeOffsetHz.map((row) => `[${row.join(', ')}]`).join(', ')}],`,
          `    rangeSpreadHz: [${m.rangeSpreadHz.map((row) => `[${row.join(', ')}]`).join(', ')}],`,
          '  },',
        );
      }
      lines.push(`RATE_SYLLABLES_PER_SECOND = [${(await calibrateRate(Object.keys(ESPEAK_VARIANTS))).join(', ')}]`);
      console.log(lines.join('\n'));
    },
    600_000,
  );

  it('the committed pitch table still matches what espeak produces', async () => {
    // Two points per gender, off the grid's ends: a drifted espeak build or analyser shows up here.
    for (const [variant, pitch] of [
      ['m3', 30],
      ['f2', 70],
    ] as const) {
      const table = ESPEAK_VARIANTS[variant].medianF0;
      const expected = table[PITCH_STEPS.indexOf(pitch)] as number;
      const measured = (await measureEspeak({ variant, pitch, wordsPerMinute: 175 })).f0MedianHz;
      expect(Math.abs(measured / expected - 1)).toBeLessThan(0.04);
    }
  });

  it('predicts espeak between the measured points, with -p and -P both moved', async () => {
    for (const [variant, pitch, pitchRange] of [
      ['m7', 20, 85],
      ['f5', 75, 10],
      ['m2', 35, 99],
    ] as const) {
      const predicted = predictEspeakPitch(variant, pitch, pitchRange);
      const measured = await measureEspeak({ variant, pitch, pitchRange, wordsPerMinute: 175 });
      expect(Math.abs(measured.f0MedianHz / predicted.medianHz - 1)).toBeLessThan(0.04);
      expect(Math.abs(measured.f0HighHz - measured.f0LowHz - predicted.spreadHz)).toBeLessThan(0.2 * predicted.spreadHz + 3);
    }
  });
});
