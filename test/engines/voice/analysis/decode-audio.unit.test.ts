import { describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeAudio, trackPitch } from '../../../../src/engines/voice/analysis';
import { encodeMp3, encodeWav, syntheticVoice } from './fixtures';

const SECONDS = 3;
const voice44k = syntheticVoice(150, SECONDS, 44_100);
const stereo = [voice44k, voice44k.map((v) => -0.5 * v)];

async function decodeError(bytes: Uint8Array): Promise<AudioDecodeError> {
  const err = await decodeAudio(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AudioDecodeError);
  return err as AudioDecodeError;
}

describe('decodeAudio', () => {
  it.each(['uint8', 'int16', 'int24', 'int32', 'float32'] as const)('reads %s WAV at full length, resampled to 16 kHz', async (encoding) => {
    const decoded = await decodeAudio(encodeWav([voice44k], 44_100, encoding));
    expect(decoded.format).toBe('wav');
    expect(decoded.sourceSampleRate).toBe(44_100);
    expect(decoded.sampleRate).toBe(16_000);
    expect(decoded.durationSeconds).toBeCloseTo(SECONDS, 3);
    expect(Math.abs(decoded.samples.length / 16_000 / SECONDS - 1)).toBeLessThan(0.02);
  });

  it('keeps the signal: a 16-bit and a float WAV decode to the same samples', async () => {
    const a = await decodeAudio(encodeWav([voice44k], 44_100, 'int16'));
    const b = await decodeAudio(encodeWav([voice44k], 44_100, 'float32'));
    let maxDiff = 0;
    let peak = 0;
    for (let i = 0; i < a.samples.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs((a.samples[i] as number) - (b.samples[i] as number)));
      peak = Math.max(peak, Math.abs(b.samples[i] as number));
    }
    expect(peak).toBeGreaterThan(0.2); // the resampler must not have lost the voice
    expect(maxDiff).toBeLessThan(1e-3);
  });

  it.each([8000, 11_025, 22_050, 32_000, 48_000])('resamples %i Hz to 16 kHz without moving the pitch', async (rate) => {
    const medianF0 = (samples: Float32Array) => {
      const f0s = Array.from(trackPitch(samples, 16_000).f0Hz)
        .filter((f) => f > 0)
        .sort((a, b) => a - b);
      expect(f0s.length).toBeGreaterThan(100);
      return f0s[f0s.length >> 1] as number;
    };
    const decoded = await decodeAudio(encodeWav([syntheticVoice(200, SECONDS, rate)], rate));
    expect(Math.abs(decoded.samples.length / 16_000 / SECONDS - 1)).toBeLessThan(0.01);
    // Against the same voice generated at 16 kHz directly (its vibrato puts the median ~1% off 200 Hz).
    const reference = medianF0(syntheticVoice(200, SECONDS, 16_000));
    expect(Math.abs(medianF0(decoded.samples) / reference - 1)).toBeLessThan(0.003);
  });

  it('filters out what would alias when downsampling', async () => {
    // A 12 kHz tone at 48 kHz would fold to 4 kHz at 16 kHz without the anti-aliasing filter.
    const tone = Float32Array.from({ length: 48_000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 12_000 * i) / 48_000));
    const decoded = await decodeAudio(encodeWav([tone], 48_000, 'float32'));
    let energy = 0;
    for (let i = 500; i < decoded.samples.length - 500; i++) energy += (decoded.samples[i] as number) ** 2;
    const rms = Math.sqrt(energy / (decoded.samples.length - 1000));
    expect(rms).toBeLessThan(0.5 * Math.SQRT1_2 * 0.001); // at least 60 dB down
  });

  it('mixes stereo down to mono', async () => {
    const decoded = await decodeAudio(encodeWav(stereo, 44_100, 'int16'));
    const mono = await decodeAudio(encodeWav([voice44k], 44_100, 'int16'));
    expect(decoded.channels).toBe(2);
    expect(decoded.durationSeconds).toBeCloseTo(SECONDS, 3);
    // (L + R) / 2 = 0.25 × the voice.
    let ratio = 0;
    let count = 0;
    for (let i = 1000; i < mono.samples.length - 1000; i += 97) {
      const m = mono.samples[i] as number;
      if (Math.abs(m) < 0.05) continue;
      ratio += (decoded.samples[i] as number) / m;
      count++;
    }
    expect(ratio / count).toBeCloseTo(0.25, 2);
  });

  it('reads MP3 (mono and stereo) to the same duration', async () => {
    for (const channels of [[voice44k], stereo]) {
      const decoded = await decodeAudio(await encodeMp3(channels, 44_100));
      expect(decoded.format).toBe('mp3');
      expect(decoded.channels).toBe(channels.length);
      expect(Math.abs(decoded.durationSeconds / SECONDS - 1)).toBeLessThan(0.02);
      expect(Math.abs(decoded.samples.length / 16_000 / SECONDS - 1)).toBeLessThan(0.02);
    }
  });

  it('skips an ID3v2 tag in front of the MP3', async () => {
    const mp3 = await encodeMp3([voice44k], 44_100);
    const tagBody = new Uint8Array(300).fill(0x41);
    const header = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, (300 >> 7) & 0x7f, 300 & 0x7f];
    const tagged = new Uint8Array([...header, ...tagBody, ...mp3]);
    const decoded = await decodeAudio(tagged);
    expect(Math.abs(decoded.durationSeconds / SECONDS - 1)).toBeLessThan(0.02);
  });

  it('leaves a LAME Info frame and the encoder delay and padding out of the duration', async () => {
    const mp3 = await encodeMp3([voice44k], 44_100);
    const plain = await decodeAudio(mp3);
    // An Info frame as LAME writes it: a copy of the first frame's header, no audio, the "Info" tag
    // after the side information (17 bytes for MPEG-1 mono) and the delay/padding in the LAME extension.
    const length = 417; // 128 kbps at 44.1 kHz, no padding bit
    const info = new Uint8Array(length);
    info.set([0xff, 0xfb, 0x90, 0xc4]);
    const tag = 4 + 17;
    info.set(new TextEncoder().encode('Info'), tag);
    info.set(new TextEncoder().encode('LAME3.100'), tag + 120);
    const delay = 576;
    const padding = 1000;
    info.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], tag + 141);
    const tagged = await decodeAudio(new Uint8Array([...info, ...mp3]));
    expect(tagged.durationSeconds).toBeCloseTo(plain.durationSeconds - (delay + padding) / 44_100, 6);
  });

  it('decodes only maxSeconds but reports the whole duration', async () => {
    for (const bytes of [encodeWav([voice44k], 44_100), await encodeMp3([voice44k], 44_100)]) {
      const decoded = await decodeAudio(bytes, { maxSeconds: 1 });
      expect(decoded.samples.length).toBeLessThanOrEqual(16_000);
      expect(decoded.samples.length).toBeGreaterThan(15_500);
      expect(Math.abs(decoded.durationSeconds / SECONDS - 1)).toBeLessThan(0.02);
    }
  });

  it('walks odd-sized chunks, with or without their pad byte', async () => {
    const voice = syntheticVoice(150, 1, 16_000);
    const padded = encodeWav([voice], 16_000, 'int16', { extraChunk: new Uint8Array([1, 2, 3]) });
    expect((await decodeAudio(padded)).durationSeconds).toBeCloseTo(1, 3);
    // Same file with the pad byte after the 3-byte chunk removed, as some writers do.
    const unpadded = new Uint8Array([...padded.subarray(0, 36 + 8 + 3), ...padded.subarray(36 + 8 + 4)]);
    expect((await decodeAudio(unpadded)).durationSeconds).toBeCloseTo(1, 3);
  });

  it('accepts a streamed WAV whose data size was never filled in', async () => {
    const wav = encodeWav([syntheticVoice(150, 1, 16_000)], 16_000);
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    expect((await decodeAudio(wav)).durationSeconds).toBeCloseTo(1, 3);
  });

  it('rejects a truncated WAV', async () => {
    const wav = encodeWav([voice44k], 44_100);
    expect((await decodeError(wav.subarray(0, wav.length / 2))).message).toMatch(/truncated/);
    expect((await decodeError(wav.subarray(0, 30))).message).toMatch(/truncated|damaged/);
  });

  it('rejects compressed WAV with a message naming the codec', async () => {
    const wav = encodeWav([syntheticVoice(150, 1, 8000)], 8000, 'uint8');
    new DataView(wav.buffer).setUint16(20, 7, true);
    expect((await decodeError(wav)).message).toMatch(/µ-law.*not supported/);
  });

  it('says what a non-audio upload looks like', async () => {
    const html = new TextEncoder().encode('<!DOCTYPE html><html><body>404 Not Found</body></html>');
    expect((await decodeError(html)).message).toBe('the sample is not a WAV or MP3 file (it looks like HTML)');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(7)]);
    expect((await decodeError(png)).message).toMatch(/PNG image/);
    const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj');
    expect((await decodeError(pdf)).message).toMatch(/PDF/);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
    expect((await decodeError(zip)).message).toMatch(/zip/);
    const random = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 251);
    expect((await decodeError(random)).message).toBe('the sample is not a WAV or MP3 file');
    expect((await decodeError(new Uint8Array())).message).toMatch(/empty/);
  });

  it('names other audio formats as unsupported', async () => {
    const ogg = new TextEncoder().encode('OggS\0\x02\0\0\0\0\0\0\0\0');
    expect((await decodeError(ogg)).message).toMatch(/OGG file, which is not supported/);
    const flac = new TextEncoder().encode('fLaC\0\0\0\x22');
    expect((await decodeError(flac)).message).toMatch(/FLAC/);
  });
});
