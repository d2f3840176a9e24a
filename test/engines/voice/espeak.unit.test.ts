import { describe, expect, it } from 'vitest';
import { ESPEAK_SAMPLE_RATE, findBuiltinVoice, SpeechProviderError, SUPPORTED_LANGUAGES, synthesizeChunk } from '../../../src/engines/voice';
import { espeakArguments, espeakRate } from '../../../src/engines/voice/espeak';
import { readWavPcm } from '../../../src/engines/voice/wav';
import { medianF0, rms, sampleFor, speak } from './speech-samples';

const plain = { pitch: 50, pitchRange: 50, wordsPerMinute: 175 };

function voice(id: string) {
  const v = findBuiltinVoice(id);
  if (!v) throw new Error(`no voice ${id}`);
  return v;
}

describe('synthesizeChunk (espeak-ng WASM)', () => {
  it('speaks every supported language audibly', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const pcm = await speak(sampleFor(language), language, plain);
      expect(pcm.length / ESPEAK_SAMPLE_RATE, language).toBeGreaterThan(1);
      expect(rms(pcm), language).toBeGreaterThan(0.03);
    }
  });

  it('speaks a text that looks like command-line options instead of obeying it', async () => {
    // Read as arguments this would print the version and write no audio at all.
    const pcm = await speak('--version -v nope -w /etc/passwd', 'en', plain);
    expect(pcm.length / ESPEAK_SAMPLE_RATE).toBeGreaterThan(1.5);
    expect(rms(pcm)).toBeGreaterThan(0.03);
  });

  it('gives the female and male English defaults clearly different pitch', async () => {
    const text = sampleFor('en');
    const female = medianF0(await speak(text, 'en', voice('voice_en_us_emma').settings));
    const male = medianF0(await speak(text, 'en', voice('voice_en_us_james').settings));
    expect(male).toBeGreaterThan(70);
    expect(male).toBeLessThan(140);
    expect(female).toBeGreaterThan(160);
    expect(female / male).toBeGreaterThan(1.6);
  });

  it('gives each voice of a language its own pitch', async () => {
    const text = sampleFor('en');
    const ids = ['voice_en_us_emma', 'voice_en_us_olivia', 'voice_en_us_grace', 'voice_en_us_james', 'voice_en_us_michael', 'voice_en_us_ethan'];
    const pitches = await Promise.all(ids.map(async (id) => medianF0(await speak(text, 'en', voice(id).settings))));
    const sorted = [...pitches].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect((sorted[i] as number) / (sorted[i - 1] as number)).toBeGreaterThan(1.04);
  });

  it('moves pitch with -p and keeps the variant across languages', async () => {
    const low = medianF0(await speak(sampleFor('en'), 'en', { ...plain, pitch: 10 }));
    const high = medianF0(await speak(sampleFor('en'), 'en', { ...plain, pitch: 90 }));
    expect(high / low).toBeGreaterThan(1.4);
    // en-GB and French use espeak's file names (`en`, `fr`): the language aliases would drop `+f2`.
    for (const language of ['en-GB', 'fr', 'de', 'zh']) {
      const female = medianF0(await speak(sampleFor(language), language, { ...plain, variant: 'f2' }));
      const male = medianF0(await speak(sampleFor(language), language, { ...plain, variant: 'm3' }));
      expect(female / male, language).toBeGreaterThan(1.5);
    }
  });

  it('speaks faster and slower with speed', async () => {
    const text = 'The keeper climbed the spiral stairs every evening and lit the great lamp. Nobody remembered a time before the light.';
    const normal = (await speak(text, 'en', plain, 1)).length;
    const fast = (await speak(text, 'en', plain, 2)).length;
    const slow = (await speak(text, 'en', plain, 0.5)).length;
    expect(fast / normal).toBeLessThan(0.6);
    expect(slow / normal).toBeGreaterThan(1.6);
  });

  it('gives the same audio for the same request, however far apart in time', async () => {
    // Without espeak's deterministic mode its voicing noise is seeded from the clock (in seconds).
    const text = 'The keeper climbed the spiral stairs every evening.';
    const first = await speak(text, 'en', plain);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await speak(text, 'en', plain);
    expect(Buffer.from(second.buffer, second.byteOffset, second.byteLength).equals(Buffer.from(first.buffer, first.byteOffset, first.byteLength))).toBe(true);
  });

  it('fails permanently, and without touching the process exit code, for a voice espeak does not have', async () => {
    const before = process.exitCode;
    const err = await synthesizeChunk('Hello', { espeakVoice: 'qqqq', settings: plain, speed: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as SpeechProviderError).permanent).toBe(true);
    expect((err as Error).message).toMatch(/"qqqq".*does not exist/);
    expect(process.exitCode).toBe(before);
  });
});

describe('espeak arguments', () => {
  it('passes voice, variant, pitch, range and rate, and reads the text from a file', () => {
    const args = espeakArguments({ espeakVoice: 'en-us', settings: { variant: 'f3', pitch: 61.6, pitchRange: 120, wordsPerMinute: 170 }, speed: 1.5 });
    expect(args).toEqual(['-v', 'en-us+f3', '-p', '62', '-P', '99', '-s', '255', '-b', '1', '-D', '-w', '/out.wav', '-f', '/in.txt']);
  });

  it('drops a variant that is not a plain name', () => {
    const args = espeakArguments({ espeakVoice: 'de', settings: { variant: 'm3 -w /x', pitch: 50, pitchRange: 50, wordsPerMinute: 175 }, speed: 1 });
    expect(args.slice(0, 2)).toEqual(['-v', 'de']);
  });

  it('clamps the rate to what espeak can do', () => {
    expect(espeakRate(175, 1)).toBe(175);
    expect(espeakRate(100, 0.5)).toBe(80);
    expect(espeakRate(300, 2)).toBe(450);
    expect(espeakRate(Number.NaN, 1)).toBe(80);
  });
});

describe('readWavPcm', () => {
  function wav(chunks: Array<[string, Uint8Array]>): Uint8Array {
    const parts: Buffer[] = [];
    for (const [id, body] of chunks) {
      const header = Buffer.alloc(8);
      header.write(id, 0, 'latin1');
      header.writeUInt32LE(body.length, 4);
      parts.push(header, Buffer.from(body));
      if (body.length % 2) parts.push(Buffer.alloc(1));
    }
    const payload = Buffer.concat(parts);
    const riff = Buffer.alloc(12);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(payload.length + 4, 4);
    riff.write('WAVE', 8, 'latin1');
    return new Uint8Array(Buffer.concat([riff, payload]));
  }
  const fmt = (rate: number, channels = 1) => {
    const b = Buffer.alloc(16);
    b.writeUInt16LE(1, 0);
    b.writeUInt16LE(channels, 2);
    b.writeUInt32LE(rate, 4);
    b.writeUInt32LE(rate * 2 * channels, 8);
    b.writeUInt16LE(2 * channels, 12);
    b.writeUInt16LE(16, 14);
    return new Uint8Array(b);
  };
  const samples = new Int16Array([0, 1000, -1000, 32767, -32768]);

  it('finds the data chunk after other (odd-sized) chunks instead of assuming a 44-byte header', () => {
    const file = wav([
      ['fmt ', fmt(22_050)],
      ['LIST', new Uint8Array(7)],
      ['data', new Uint8Array(samples.buffer)],
    ]);
    expect(Array.from(readWavPcm(file, 22_050))).toEqual(Array.from(samples));
  });

  it('reads to the end of the file when the data size was never patched', () => {
    const file = wav([
      ['fmt ', fmt(22_050)],
      ['data', new Uint8Array(samples.buffer)],
    ]);
    new DataView(file.buffer).setUint32(40, 0xffffffff, true);
    expect(Array.from(readWavPcm(file, 22_050))).toEqual(Array.from(samples));
  });

  it('rejects what it cannot read', () => {
    expect(() => readWavPcm(new Uint8Array(20), 22_050)).toThrow(/RIFF/);
    expect(() =>
      readWavPcm(
        wav([
          ['fmt ', fmt(44_100)],
          ['data', new Uint8Array(4)],
        ]),
        22_050,
      ),
    ).toThrow(/44100 Hz/);
    expect(() =>
      readWavPcm(
        wav([
          ['fmt ', fmt(22_050, 2)],
          ['data', new Uint8Array(4)],
        ]),
        22_050,
      ),
    ).toThrow(/2 ch/);
    expect(() => readWavPcm(wav([['fmt ', fmt(22_050)]]), 22_050)).toThrow(/no data chunk/);
  });
});
