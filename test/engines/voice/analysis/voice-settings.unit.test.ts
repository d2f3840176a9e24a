import { describe, expect, it } from 'vitest';
import type { SpeakerProfile } from '../../../../src/engines/voice/types';
import { analyzeSpeaker, ESPEAK_VARIANTS, MAX_WORDS_PER_MINUTE, MIN_WORDS_PER_MINUTE, voiceSettingsFromProfile } from '../../../../src/engines/voice/analysis';
import { CLONE_TEXT, SPEAKER_TEXT, speakWav, type EspeakVoice } from './fixtures';

const profile = (overrides: Partial<SpeakerProfile>): SpeakerProfile => ({
  f0MedianHz: 120,
  f0LowHz: 100,
  f0HighHz: 145,
  syllablesPerSecond: 4.5,
  brightnessHz: 1300,
  voicedSeconds: 20,
  durationSeconds: 40,
  ...overrides,
});

describe('voiceSettingsFromProfile', () => {
  it('picks a male variant for low voices and a female one for high voices', () => {
    const low = voiceSettingsFromProfile(profile({ f0MedianHz: 100, f0LowHz: 85, f0HighHz: 120 }));
    const high = voiceSettingsFromProfile(profile({ f0MedianHz: 220, f0LowHz: 185, f0HighHz: 265 }));
    expect(low.variant).toMatch(/^m/);
    expect(high.variant).toMatch(/^f/);
  });

  it('raises espeak pitch with the speaker’s pitch, within one variant', () => {
    const pitches = [85, 100, 115, 130, 145].map((f0) =>
      voiceSettingsFromProfile(profile({ f0MedianHz: f0, f0LowHz: f0 / 1.15, f0HighHz: f0 * 1.15, brightnessHz: 1321 })),
    );
    expect(new Set(pitches.map((s) => s.variant))).toEqual(new Set(['m3']));
    for (let i = 1; i < pitches.length; i++) expect(pitches[i]!.pitch).toBeGreaterThan(pitches[i - 1]!.pitch);
  });

  it('widens the pitch range for a speaker whose pitch moves more', () => {
    const flat = voiceSettingsFromProfile(profile({ f0LowHz: 114, f0HighHz: 126 }));
    const lively = voiceSettingsFromProfile(profile({ f0LowHz: 100, f0HighHz: 150 }));
    expect(lively.pitchRange).toBeGreaterThan(flat.pitchRange + 30);
  });

  it('chooses the brighter variant for a brighter voice of the same pitch', () => {
    const dark = voiceSettingsFromProfile(profile({ brightnessHz: 900 }));
    const bright = voiceSettingsFromProfile(profile({ brightnessHz: 1500 }));
    expect(ESPEAK_VARIANTS[bright.variant as keyof typeof ESPEAK_VARIANTS].brightnessHz).toBeGreaterThan(
      ESPEAK_VARIANTS[dark.variant as keyof typeof ESPEAK_VARIANTS].brightnessHz,
    );
  });

  it('keeps words per minute within the band that speed 0.5–2.0 can stretch', () => {
    const rates = [1, 3, 4.2, 4.7, 5.2, 9].map((syllablesPerSecond) => voiceSettingsFromProfile(profile({ syllablesPerSecond })).wordsPerMinute);
    expect(rates[0]).toBe(MIN_WORDS_PER_MINUTE);
    expect(rates[5]).toBe(MAX_WORDS_PER_MINUTE);
    for (let i = 1; i < rates.length; i++) expect(rates[i]!).toBeGreaterThanOrEqual(rates[i - 1]!);
    expect(rates[3]).toBeGreaterThan(rates[2]!);
    for (const wpm of rates) {
      expect(wpm * 0.5).toBeGreaterThanOrEqual(80);
      expect(wpm * 2).toBeLessThanOrEqual(450);
    }
  });

  it('clamps pitch that no variant reaches and survives a profile with holes', () => {
    expect(voiceSettingsFromProfile(profile({ f0MedianHz: 50, f0LowHz: 45, f0HighHz: 55 })).pitch).toBe(0);
    expect(voiceSettingsFromProfile(profile({ f0MedianHz: 450, f0LowHz: 400, f0HighHz: 500 })).pitch).toBe(99);
    const holes = voiceSettingsFromProfile(profile({ f0MedianHz: NaN, syllablesPerSecond: NaN, brightnessHz: 0 }));
    expect(holes).toEqual({ pitch: 50, pitchRange: 50, wordsPerMinute: 175, flite: { voice: 'rms', durationStretch: 1 } });
  });
});

describe('cloning end to end', () => {
  /** Analyse a "speaker", derive settings, speak other text with them, and analyse the clone. */
  async function cloneOf(speaker: EspeakVoice) {
    const sample = await analyzeSpeaker(await speakWav(SPEAKER_TEXT, speaker));
    const settings = voiceSettingsFromProfile(sample);
    const clone = await analyzeSpeaker(
      await speakWav(CLONE_TEXT, {
        variant: settings.variant ?? 'm3',
        pitch: settings.pitch,
        pitchRange: settings.pitchRange,
        wordsPerMinute: settings.wordsPerMinute,
      }),
      { minSeconds: 0 },
    );
    return { sample, settings, clone };
  }

  it('a low-pitched speaker clones lower than a high-pitched one, each close to its sample', async () => {
    const low = await cloneOf({ variant: 'm1', pitch: 15, wordsPerMinute: 175 });
    const high = await cloneOf({ variant: 'f4', pitch: 85, wordsPerMinute: 175 });
    expect(low.settings.variant).toMatch(/^m/);
    expect(high.settings.variant).toMatch(/^f/);
    expect(high.clone.f0MedianHz).toBeGreaterThan(low.clone.f0MedianHz * 2);
    // Measured within 2% on a different text than the sample's; 6% leaves room for espeak's jitter.
    for (const { sample, clone } of [low, high]) expect(Math.abs(clone.f0MedianHz / sample.f0MedianHz - 1)).toBeLessThan(0.06);
  });

  it('a slow speaker clones slower than a fast one', async () => {
    const slow = await cloneOf({ variant: 'm3', pitch: 50, wordsPerMinute: 130 });
    const fast = await cloneOf({ variant: 'm3', pitch: 50, wordsPerMinute: 260 });
    expect(fast.sample.syllablesPerSecond).toBeGreaterThan(slow.sample.syllablesPerSecond * 1.5);
    expect(slow.settings.wordsPerMinute).toBe(MIN_WORDS_PER_MINUTE);
    expect(fast.settings.wordsPerMinute).toBe(MAX_WORDS_PER_MINUTE);
    expect(fast.clone.syllablesPerSecond).toBeGreaterThan(slow.clone.syllablesPerSecond * 1.2);
  });

  it('a speaker inside the clamp is cloned at about its own rate and pitch spread', async () => {
    const { sample, settings, clone } = await cloneOf({ variant: 'f2', pitch: 40, pitchRange: 80, wordsPerMinute: 190 });
    expect(settings.wordsPerMinute).toBeGreaterThan(MIN_WORDS_PER_MINUTE);
    expect(settings.wordsPerMinute).toBeLessThan(MAX_WORDS_PER_MINUTE);
    expect(Math.abs(clone.syllablesPerSecond / sample.syllablesPerSecond - 1)).toBeLessThan(0.15);
    expect(Math.abs(clone.f0MedianHz / sample.f0MedianHz - 1)).toBeLessThan(0.1);
    const spread = (p: SpeakerProfile) => Math.log(p.f0HighHz / p.f0LowHz);
    expect(Math.abs(spread(clone) / spread(sample) - 1)).toBeLessThan(0.35);
  });
});
