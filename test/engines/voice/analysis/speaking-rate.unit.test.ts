import { describe, expect, it } from 'vitest';
import { decodeAudio, measureSpeakingRate, trackPitch } from '../../../../src/engines/voice/analysis';
import { SPEAKER_TEXT, speakWav } from './fixtures';

/** Counted by hand (dictionary syllabification; "every" as three). */
const SPEAKER_TEXT_SYLLABLES = 76;

async function rateAt(wordsPerMinute: number, variant: string) {
  const audio = await decodeAudio(await speakWav(SPEAKER_TEXT, { variant, pitch: 50, wordsPerMinute }));
  return measureSpeakingRate(audio.samples, audio.sampleRate, trackPitch(audio.samples, audio.sampleRate));
}

describe('measureSpeakingRate', () => {
  it.each(['m3', 'f2'])('doubles (within 1.5–2.6×) from 120 to 240 wpm (%s)', async (variant) => {
    const slow = await rateAt(120, variant);
    const fast = await rateAt(240, variant);
    const ratio = fast.syllablesPerSecond / slow.syllablesPerSecond;
    expect(ratio).toBeGreaterThan(1.5);
    expect(ratio).toBeLessThan(2.6);
    // The same words at both speeds: the nuclei count should barely move, and match the text.
    for (const r of [slow, fast]) expect(Math.abs(r.syllables / SPEAKER_TEXT_SYLLABLES - 1)).toBeLessThan(0.15);
  });

  it('leaves long pauses out of the speaking time', async () => {
    const audio = await decodeAudio(await speakWav(SPEAKER_TEXT, { variant: 'm3', pitch: 50, wordsPerMinute: 175 }));
    const pitch = trackPitch(audio.samples, audio.sampleRate);
    const plain = measureSpeakingRate(audio.samples, audio.sampleRate, pitch);
    // Insert 2 s of silence in the middle: the rate must not change, the duration must.
    const half = Math.floor(audio.samples.length / 2);
    const paused = new Float32Array(audio.samples.length + 2 * audio.sampleRate);
    paused.set(audio.samples.subarray(0, half));
    paused.set(audio.samples.subarray(half), half + 2 * audio.sampleRate);
    const withPause = measureSpeakingRate(paused, audio.sampleRate, trackPitch(paused, audio.sampleRate));
    expect(Math.abs(withPause.syllablesPerSecond / plain.syllablesPerSecond - 1)).toBeLessThan(0.05);
  });
});
