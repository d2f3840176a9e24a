import { AudioDecodeError } from './analysis-errors';

/** Audio at its own sample rate, already mixed down to one channel. */
export interface MonoAudio {
  samples: Float32Array;
  sampleRate: number;
  channels: number;
  /** Of the whole input, even when `samples` holds only the first part. */
  durationSeconds: number;
}

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
const COMPRESSED_FORMATS: Record<number, string> = {
  2: 'MS ADPCM',
  6: 'A-law',
  7: 'µ-law',
  17: 'IMA ADPCM',
  49: 'GSM 6.10',
  85: 'MP3',
};

interface WavFormat {
  code: number;
  channels: number;
  sampleRate: number;
  /** Bytes each sample occupies, which for WAVE_FORMAT_EXTENSIBLE can exceed its valid bits (24 in 32). */
  containerBytes: number;
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

/** Chunk ids are four printable ASCII characters; used to tell whether a writer forgot the pad byte. */
function looksLikeChunkId(bytes: Uint8Array, at: number): boolean {
  if (at + 8 > bytes.length) return false;
  for (let i = 0; i < 4; i++) {
    const c = bytes[at + i] as number;
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

function readFormat(view: DataView, at: number, size: number): WavFormat {
  if (size < 16) throw new AudioDecodeError('the WAV file is damaged: its format chunk is too short');
  let code = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  if (code === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40) throw new AudioDecodeError('the WAV file is damaged: its extensible format chunk is too short');
    code = view.getUint16(at + 24, true); // the sub-format GUID starts with the plain format code
  }
  if (code !== WAVE_FORMAT_PCM && code !== WAVE_FORMAT_IEEE_FLOAT) {
    const name = COMPRESSED_FORMATS[code] ?? `format 0x${code.toString(16).padStart(4, '0')}`;
    throw new AudioDecodeError(`the WAV file uses ${name} compression, which is not supported: use uncompressed (PCM) WAV or MP3`);
  }
  if (channels < 1) throw new AudioDecodeError('the WAV file is damaged: it declares no channels');
  if (sampleRate < 4000 || sampleRate > 384_000) throw new AudioDecodeError(`the WAV file has an unusable sample rate (${sampleRate} Hz)`);
  const containerBytes = blockAlign / channels;
  const validInt = code === WAVE_FORMAT_PCM && [1, 2, 3, 4].includes(containerBytes) && bitsPerSample <= containerBytes * 8;
  const validFloat = code === WAVE_FORMAT_IEEE_FLOAT && (containerBytes === 4 || containerBytes === 8);
  if (!Number.isInteger(containerBytes) || !(validInt || validFloat)) {
    throw new AudioDecodeError(`the WAV file has an unsupported sample layout (${bitsPerSample}-bit in ${blockAlign}-byte frames)`);
  }
  return { code, channels, sampleRate, containerBytes };
}

/** Reads one sample as -1..1; the caller guarantees `at` is in bounds. */
function sampleReader(format: WavFormat, view: DataView): (at: number) => number {
  if (format.code === WAVE_FORMAT_IEEE_FLOAT) {
    return format.containerBytes === 4 ? (at) => view.getFloat32(at, true) : (at) => view.getFloat64(at, true);
  }
  switch (format.containerBytes) {
    case 1:
      return (at) => (view.getUint8(at) - 128) / 128; // 8-bit WAV is the one unsigned width
    case 2:
      return (at) => view.getInt16(at, true) / 32768;
    case 3:
      return (at) => (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
    default:
      // Narrower valid bits in a 32-bit container are left-justified, so full-scale int32 is right either way.
      return (at) => view.getInt32(at, true) / 2147483648;
  }
}

/** Sizes that streaming writers leave in place when they never come back to fill in the real one. */
function isPlaceholderSize(size: number): boolean {
  return size === 0 || size >= 0x7fff_f000;
}

/**
 * RIFF/WAVE with integer PCM (8/16/24/32-bit) or float (32/64-bit), any channel count. Reads only
 * the first `maxSeconds`, but the duration is that of the whole data chunk.
 */
export function decodeWav(bytes: Uint8Array, maxSeconds: number): MonoAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || fourCc(bytes, 0) !== 'RIFF' || fourCc(bytes, 8) !== 'WAVE') {
    throw new AudioDecodeError('the sample is not a WAV file');
  }
  let format: WavFormat | undefined;
  let data: { offset: number; size: number } | undefined;
  let pos = 12;
  while (pos + 8 <= bytes.length) {
    const id = fourCc(bytes, pos);
    const size = view.getUint32(pos + 4, true);
    const body = pos + 8;
    if (id === 'fmt ') {
      if (body + Math.min(size, 40) > bytes.length) throw new AudioDecodeError('the WAV file is truncated inside its format chunk');
      format = readFormat(view, body, size);
    } else if (id === 'data') {
      const available = bytes.length - body;
      if (size > available) {
        if (!isPlaceholderSize(size)) {
          throw new AudioDecodeError(`the WAV file is truncated: it declares ${size} bytes of audio but holds only ${available}`);
        }
        data = { offset: body, size: available };
        break;
      }
      if (size === 0 && body < bytes.length && !looksLikeChunkId(bytes, body)) {
        data = { offset: body, size: available }; // a zero placeholder followed by the audio itself
        break;
      }
      data = { offset: body, size };
    }
    let next = body + size;
    if (size % 2 === 1) {
      // Chunks are padded to even length, but some writers forget the pad byte: follow whichever parses.
      const padMissing = next + 1 < bytes.length && !looksLikeChunkId(bytes, next + 1) && looksLikeChunkId(bytes, next);
      if (!padMissing) next += 1;
    }
    pos = next;
    if (data && format) break;
  }
  if (!format) throw new AudioDecodeError('the WAV file is damaged or truncated: it has no format chunk');
  if (!data) throw new AudioDecodeError('the WAV file is damaged or truncated: it has no audio data');

  const frameBytes = format.containerBytes * format.channels;
  const totalFrames = Math.floor(data.size / frameBytes);
  if (totalFrames === 0) throw new AudioDecodeError('the WAV file contains no audio');
  const frames = Math.min(totalFrames, Math.floor(maxSeconds * format.sampleRate));
  const read = sampleReader(format, view);
  const samples = new Float32Array(frames);
  const { channels, containerBytes } = format;
  for (let f = 0, at = data.offset; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++, at += containerBytes) sum += read(at);
    samples[f] = sum / channels;
  }
  return { samples, sampleRate: format.sampleRate, channels, durationSeconds: totalFrames / format.sampleRate };
}
