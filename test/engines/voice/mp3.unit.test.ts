import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMp3, measureMp3, openMp3Writer } from '../../../src/engines/voice';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-mp3-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const RATE = 22_050;

function sine(seconds: number, amplitude: number, hz = 220): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return out;
}

describe('MP3 writer and measurement', () => {
  it('encodes PCM fed in pieces into an MP3 whose decoded length and level match', async () => {
    const path = join(dir, 'tone.mp3');
    const writer = await openMp3Writer(path, { sampleRate: RATE });
    const float = sine(3, 0.5);
    const int16 = Int16Array.from(sine(2, 0.5), (v) => Math.round(v * 32767));
    await writer.write(float);
    await writer.write(int16);
    await writer.write(new Int16Array(0));
    expect(writer.samples).toBe(float.length + int16.length);
    const result = await writer.finish();

    expect(result.samples).toBe(5 * RATE);
    expect(result.bytes).toBe((await stat(path)).size);
    // 48 kbit/s constant bitrate: 6,000 bytes a second, give or take a frame.
    expect(result.bytes / 5).toBeGreaterThan(5500);
    expect(result.bytes / 5).toBeLessThan(6500);

    const bytes = await readFile(path);
    expect(isMp3(bytes)).toBe(true);
    const fromFile = await measureMp3(path);
    const fromBytes = await measureMp3(bytes);
    expect(fromBytes).toEqual(fromFile);
    expect(fromFile.sampleRate).toBe(RATE);
    expect(fromFile.channels).toBe(1);
    expect(Math.abs(fromFile.durationSeconds - 5) / 5).toBeLessThan(0.02);
    // A sine of amplitude 0.5 has an RMS of 0.354.
    expect(fromFile.rms).toBeGreaterThan(0.3);
    expect(fromFile.rms).toBeLessThan(0.4);
  });

  it('measures silence as silence', async () => {
    const path = join(dir, 'silence.mp3');
    const writer = await openMp3Writer(path, { sampleRate: RATE });
    await writer.write(new Float32Array(RATE));
    await writer.finish();
    const measured = await measureMp3(path);
    expect(measured.rms).toBeLessThan(0.001);
    expect(measured.durationSeconds).toBeGreaterThan(0.95);
  });

  it('deletes the file when discarded, and refuses writes once closed', async () => {
    const path = join(dir, 'discarded.mp3');
    const writer = await openMp3Writer(path, { sampleRate: RATE });
    await writer.write(sine(1, 0.2));
    await writer.discard();
    await writer.discard();
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
    await expect(writer.write(sine(0.1, 0.2))).rejects.toThrow(/discarded/);
  });

  it('sniffs MP3 starts', () => {
    expect(isMp3(new Uint8Array([0x49, 0x44, 0x33, 4, 0]))).toBe(true); // ID3v2
    expect(isMp3(new Uint8Array([0xff, 0xf3, 0x60, 0xc4]))).toBe(true); // MPEG-2 layer III, 48k, 22.05 kHz
    expect(isMp3(new Uint8Array([0xff, 0xfb, 0x90, 0x64]))).toBe(true); // MPEG-1 layer III, 128k, 44.1 kHz
    expect(isMp3(new Uint8Array([0xff, 0xfb, 0xf0, 0x64]))).toBe(false); // bad bitrate index
    expect(isMp3(new Uint8Array([0xff, 0xf9, 0x90, 0x64]))).toBe(false); // layer "reserved"
    expect(isMp3(Buffer.from('{"error":"nope"}'))).toBe(false);
    expect(isMp3(Buffer.from('RIFF....WAVE'))).toBe(false);
    expect(isMp3(new Uint8Array(0))).toBe(false);
  });
});
