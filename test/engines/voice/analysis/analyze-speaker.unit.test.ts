import { describe, expect, it } from 'vitest';
import { analyzeSpeaker, AudioDecodeError, SampleRejectedError, trackPitch } from '../../../../src/engines/voice/analysis';
import { encodeMp3, encodeWav, silence, SPEAKER_TEXT, speakWav, syntheticVoice } from './fixtures';

async function rejection(bytes: Uint8Array): Promise<Error> {
  return analyzeSpeaker(bytes).then(
    () => {
      throw new Error('expected the sample to be rejected');
    },
    (e: unknown) => e as Error,
  );
}

describe('analyzeSpeaker on a synthetic voice of known pitch', () => {
  it.each([110, 220])('measures a %i Hz voice within 3%', async (f0) => {
    const profile = await analyzeSpeaker(encodeWav([syntheticVoice(f0, 14, 44_100)], 44_100));
    expect(Math.abs(profile.f0MedianHz / f0 - 1)).toBeLessThan(0.03);
    // ±4% vibrato: p10 and p90 sit either side of the median, within the vibrato's reach.
    expect(profile.f0LowHz).toBeLessThan(profile.f0MedianHz);
    expect(profile.f0HighHz).toBeGreaterThan(profile.f0MedianHz);
    expect(profile.f0LowHz).toBeGreaterThan(f0 * 0.94);
    expect(profile.f0HighHz).toBeLessThan(f0 * 1.06);
    expect(profile.durationSeconds).toBeCloseTo(14, 2);
    // 0.6 s of every 3 s is a pause, leaving 11 s of (always periodic) voice.
    expect(profile.voicedSeconds).toBeGreaterThan(10);
    expect(profile.voicedSeconds).toBeLessThan(12);
    // Four loudness bumps a second (sin²(4πt)): the syllable counter must see about that many.
    expect(profile.syllablesPerSecond).toBeGreaterThan(3.6);
    expect(profile.syllablesPerSecond).toBeLessThan(4.4);
  });

  it('measures the same voice from an MP3', async () => {
    const profile = await analyzeSpeaker(await encodeMp3([syntheticVoice(110, 12, 44_100)], 44_100));
    expect(Math.abs(profile.f0MedianHz / 110 - 1)).toBeLessThan(0.03);
  });

  it('tracks two minutes of audio frame by frame', () => {
    const samples = syntheticVoice(150, 120, 16_000);
    const track = trackPitch(samples, 16_000);
    // Speed is measured by `npm run bench` (voice scenario); here: every frame analysed, the voice found.
    expect(track.f0Hz.length).toBeGreaterThanOrEqual(Math.floor(120 / track.hopSeconds) - 1);
    const voiced = [...track.f0Hz].filter((f) => f > 0).sort((a, b) => a - b);
    expect(voiced.length).toBeGreaterThan(track.f0Hz.length * 0.7);
    expect(Math.abs(voiced[voiced.length >> 1]! / 150 - 1)).toBeLessThan(0.03);
  });
});

describe('analyzeSpeaker rejections', () => {
  it('rejects non-audio with a decode error', async () => {
    const err = await rejection(new TextEncoder().encode('<html><body>Sign in</body></html>'));
    expect(err).toBeInstanceOf(AudioDecodeError);
    expect(err.message).toMatch(/looks like HTML/);
  });

  it('rejects a sample shorter than 10 s', async () => {
    const err = await rejection(encodeWav([syntheticVoice(120, 5)], 16_000));
    expect(err).toBeInstanceOf(SampleRejectedError);
    expect((err as SampleRejectedError).reason).toBe('too-short');
    expect(err.message).toMatch(/too short \(5\.0 s\)/);
  });

  it('rejects silence', async () => {
    const err = await rejection(encodeWav([silence(12)], 16_000));
    expect(err).toBeInstanceOf(SampleRejectedError);
    expect((err as SampleRejectedError).reason).toBe('no-speech');
    expect(err.message).toMatch(/^no speech found in the sample/);
  });

  it('rejects noise with no voice in it', async () => {
    let state = 1;
    const noise = Float32Array.from({ length: 12 * 16_000 }, () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return (state / 2 ** 32 - 0.5) * 0.5;
    });
    const err = await rejection(encodeWav([noise], 16_000));
    expect(err).toBeInstanceOf(SampleRejectedError);
    expect((err as SampleRejectedError).reason).toBe('no-speech');
  });

  it('rejects a long recording with only a moment of voice', async () => {
    const samples = silence(15);
    samples.set(syntheticVoice(120, 1.5), 16_000 * 5);
    const err = await rejection(encodeWav([samples], 16_000));
    expect((err as SampleRejectedError).reason).toBe('no-speech');
  });
});

describe('analyzeSpeaker on espeak speech', () => {
  it('hears -p 20 as clearly lower than -p 80', async () => {
    const low = await analyzeSpeaker(await speakWav(SPEAKER_TEXT, { variant: 'm3', pitch: 20, wordsPerMinute: 175 }));
    const high = await analyzeSpeaker(await speakWav(SPEAKER_TEXT, { variant: 'm3', pitch: 80, wordsPerMinute: 175 }));
    expect(high.f0MedianHz / low.f0MedianHz).toBeGreaterThan(1.4);
    // Both are speech: most of the sample is voiced and the syllable rate is a talker's.
    for (const p of [low, high]) {
      expect(p.voicedSeconds).toBeGreaterThan(5);
      expect(p.syllablesPerSecond).toBeGreaterThan(3);
      expect(p.syllablesPerSecond).toBeLessThan(7);
    }
  });

  it('hears a female variant as higher and brighter than a male one', async () => {
    const male = await analyzeSpeaker(await speakWav(SPEAKER_TEXT, { variant: 'm7', pitch: 50, wordsPerMinute: 175 }));
    const female = await analyzeSpeaker(await speakWav(SPEAKER_TEXT, { variant: 'f5', pitch: 50, wordsPerMinute: 175 }));
    expect(female.f0MedianHz).toBeGreaterThan(male.f0MedianHz * 1.5);
    expect(female.brightnessHz).toBeGreaterThan(male.brightnessHz * 1.3);
  });
});
