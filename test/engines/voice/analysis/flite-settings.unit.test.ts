import { describe, expect, it } from 'vitest';
import { FLITE_VOICE_CALIBRATION, fliteSettingsFromProfile, voiceSettingsFromProfile } from '../../../../src/engines/voice/analysis';
import type { SpeakerProfile } from '../../../../src/engines/voice/types';

const profile = (overrides: Partial<SpeakerProfile>): SpeakerProfile => ({
  f0MedianHz: 120,
  f0LowHz: 100,
  f0HighHz: 145,
  syllablesPerSecond: 4.2,
  brightnessHz: 1300,
  voicedSeconds: 20,
  durationSeconds: 40,
  ...overrides,
});

describe('fliteSettingsFromProfile', () => {
  it('picks the Flite voice of the speaker’s register and shifts it to the speaker’s median F0', () => {
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: 215 }))).toMatchObject({ voice: 'slt', f0MeanHz: 215 });
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: 130 }))).toMatchObject({ voice: 'awb' });
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: 78 }))).toMatchObject({ voice: 'kal16', f0MeanHz: 78 });
  });

  it('uses rms as it is for a speaker near its pitch (it ignores int_f0_target_mean anyway)', () => {
    const near = fliteSettingsFromProfile(profile({ f0MedianHz: 106 }));
    expect(near.voice).toBe('rms');
    expect(near.f0MeanHz).toBeUndefined();
  });

  it('leaves a voice’s own pitch alone when the speaker is already within 3 % of it', () => {
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: FLITE_VOICE_CALIBRATION.slt.medianF0 + 2 })).f0MeanHz).toBeUndefined();
  });

  it('stretches durations for slower speakers and compresses them for faster ones, within bounds', () => {
    const stretches = [1, 3, 4, 5, 6, 12].map(
      (syllablesPerSecond) => fliteSettingsFromProfile(profile({ f0MedianHz: 200, syllablesPerSecond })).durationStretch,
    );
    for (let i = 1; i < stretches.length; i++) expect(stretches[i]!).toBeLessThanOrEqual(stretches[i - 1]!);
    expect(stretches[0]).toBe(1.45);
    expect(stretches[5]).toBe(0.7);
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: 200, syllablesPerSecond: FLITE_VOICE_CALIBRATION.slt.syllablesPerSecond })).durationStretch).toBe(1);
  });

  it('falls back to rms at its own pace when nothing could be measured', () => {
    expect(fliteSettingsFromProfile(profile({ f0MedianHz: Number.NaN, syllablesPerSecond: Number.NaN }))).toEqual({ voice: 'rms', durationStretch: 1 });
  });

  it('is part of every clone’s settings, beside the espeak-ng ones other languages use', () => {
    const settings = voiceSettingsFromProfile(profile({ f0MedianHz: 220, f0LowHz: 185, f0HighHz: 265 }));
    expect(settings.variant).toMatch(/^f/);
    expect(settings.flite?.voice).toBe('slt');
  });
});
