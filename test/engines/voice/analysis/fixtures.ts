/**
 * Generated audio for the analysis tests: WAV and MP3 encoders, a synthetic "voice", and espeak-ng
 * speech. Nothing is read from disk, so every fixture is exactly what the test says it is.
 */
import { createMp3Encoder } from 'wasm-media-encoders';

export type WavEncoding = 'uint8' | 'int16' | 'int24' | 'int32' | 'float32';

/** Interleaves `channels` (equal lengths, -1..1) into a canonical RIFF/WAVE file. */
export function encodeWav(channels: Float32Array[], sampleRate: number, encoding: WavEncoding = 'int16', opts: { extraChunk?: Uint8Array } = {}): Uint8Array {
  const bytesPerSample = { uint8: 1, int16: 2, int24: 3, int32: 4, float32: 4 }[encoding];
  const frames = channels[0]?.length ?? 0;
  const blockAlign = bytesPerSample * channels.length;
  const dataSize = frames * blockAlign;
  const extra = opts.extraChunk;
  // An odd-length LIST chunk (with its pad byte) before the data exercises chunk walking.
  const extraSize = extra ? 8 + extra.length + (extra.length % 2) : 0;
  const out = new Uint8Array(44 + extraSize + dataSize);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, encoding === 'float32' ? 3 : 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bytesPerSample * 8, true);
  let pos = 36;
  if (extra) {
    ascii(pos, 'LIST');
    view.setUint32(pos + 4, extra.length, true);
    out.set(extra, pos + 8);
    pos += extraSize;
  }
  ascii(pos, 'data');
  view.setUint32(pos + 4, dataSize, true);
  pos += 8;
  for (let f = 0; f < frames; f++) {
    for (const channel of channels) {
      const v = Math.max(-1, Math.min(1, channel[f] as number));
      switch (encoding) {
        case 'uint8':
          view.setUint8(pos, Math.round(v * 127) + 128);
          break;
        case 'int16':
          view.setInt16(pos, Math.round(v * 32767), true);
          break;
        case 'int24': {
          const s = Math.round(v * 8388607);
          view.setUint8(pos, s & 0xff);
          view.setUint8(pos + 1, (s >> 8) & 0xff);
          view.setInt8(pos + 2, s >> 16);
          break;
        }
        case 'int32':
          view.setInt32(pos, Math.round(v * 2147483647), true);
          break;
        case 'float32':
          view.setFloat32(pos, v, true);
          break;
      }
      pos += bytesPerSample;
    }
  }
  return out;
}

export async function encodeMp3(channels: Float32Array[], sampleRate: number): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate, bitrate: 128 });
  const parts: Uint8Array[] = [];
  const block = 1152 * 16;
  const frames = channels[0]?.length ?? 0;
  // The encoder reuses its output buffer, so each piece is copied before the next call.
  for (let i = 0; i < frames; i += block) parts.push(encoder.encode(channels.map((c) => c.subarray(i, i + block))).slice());
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const part of parts) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

/** Deterministic noise so fixtures (and so results) are identical on every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}

/**
 * A crude voice at a known F0: 12 harmonics with a falling spectral tilt, ±4% slow vibrato,
 * syllable-like 4 Hz loudness bumps, a 0.6 s pause every 3 s, and a little noise.
 */
export function syntheticVoice(f0: number, seconds: number, sampleRate = 16_000): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const rand = noise(Math.round(f0 * 1000));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * f0 * (1 + 0.04 * Math.sin(2 * Math.PI * 0.7 * t))) / sampleRate;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h;
    const inPause = t % 3 > 2.4;
    const syllable = Math.sin(Math.PI * 4 * t) ** 2;
    out[i] = (inPause ? 0 : 0.25 * v * (0.15 + 0.85 * syllable)) + 0.002 * rand();
  }
  return out;
}

export function silence(seconds: number, sampleRate = 16_000): Float32Array {
  return new Float32Array(Math.round(seconds * sampleRate));
}

interface ESpeakInstance {
  FS: { readFile(path: string): Uint8Array };
}
type ESpeakFactory = (opts: { arguments: string[]; print(): void; printErr(): void }) => Promise<ESpeakInstance>;

let factory: Promise<ESpeakFactory> | undefined;

/**
 * espeak-ng ships no type declarations; importing it through a variable keeps the compiler out of
 * it (and out of any declaration the synthesis engine adds) while the runtime resolves it normally.
 */
async function espeak(): Promise<ESpeakFactory> {
  const specifier = 'espeak-ng';
  factory ??= import(specifier).then((mod: { default: ESpeakFactory }) => mod.default);
  return factory;
}

export interface EspeakVoice {
  variant: string;
  pitch: number;
  pitchRange?: number;
  wordsPerMinute: number;
}

/** A mono 16-bit 22,050 Hz WAV of `text` spoken by espeak-ng with the given settings. */
export async function speakWav(text: string, voice: EspeakVoice): Promise<Uint8Array> {
  const args = ['-v', `en-us+${voice.variant}`, '-p', String(voice.pitch), '-s', String(voice.wordsPerMinute)];
  if (voice.pitchRange !== undefined) args.push('-P', String(voice.pitchRange));
  const instance = await (await espeak())({ arguments: [...args, '-w', '/out.wav', text], print() {}, printErr() {} });
  return instance.FS.readFile('/out.wav');
}

/** ~13 s at 175 wpm: statements and a question, so intonation varies as in real reading. */
export const SPEAKER_TEXT =
  'The old lighthouse keeper walked along the rocky shore every morning. He counted the boats in the harbour ' +
  'and wrote their names in a small blue notebook. Would the weather hold until the evening? When the wind turned, ' +
  'he climbed the narrow stairs and lit the great lamp, watching its beam sweep across the dark and restless water.';

/** A different text for checking clones, so nothing is tuned to one sentence. */
export const CLONE_TEXT =
  'Please remember to bring your library books back before Friday afternoon. The museum opens at nine, and the ' +
  'guided tour begins in the main hall. Have you ever seen the painting of the silver river? Our cafe serves warm ' +
  'soup, fresh bread and apple pie until the doors close.';
