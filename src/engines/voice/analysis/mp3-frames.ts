/**
 * MPEG audio frame headers, read without decoding. Walking the headers tells us whether bytes are
 * really MP3 (three frames in a row that agree is no accident), and gives the whole file's duration
 * even though only the first couple of minutes are ever decoded.
 */

export interface Mp3FrameHeader {
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5. */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  sampleRate: number;
  channels: 1 | 2;
  samplesPerFrame: number;
  /** Bytes in the frame, header included. */
  length: number;
  hasCrc: boolean;
}

const BITRATES_KBPS: Record<string, readonly number[]> = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

const SAMPLE_RATES: Record<number, readonly number[]> = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
};

/** Parses the 4-byte header at `at`, or undefined when it is not a usable one (free-format bitrate included). */
export function readMp3FrameHeader(bytes: Uint8Array, at: number): Mp3FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const b1 = bytes[at + 1] as number;
  const b2 = bytes[at + 2] as number;
  const b3 = bytes[at + 3] as number;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  // Emphasis 10 is reserved; rejecting it weeds out more false syncs in non-audio data.
  if ((b3 & 3) === 2) return undefined;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const table = version === 1 ? `v1l${layer}` : layer === 1 ? 'v2l1' : 'v2l2';
  const bitrate = (BITRATES_KBPS[table]?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex] ?? 0;
  if (!bitrate || !sampleRate) return undefined;
  const padding = (b2 >> 1) & 1;
  let length: number;
  let samplesPerFrame: number;
  if (layer === 1) {
    length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    samplesPerFrame = 384;
  } else if (layer === 2 || version === 1) {
    length = Math.floor((144 * bitrate) / sampleRate) + padding;
    samplesPerFrame = 1152;
  } else {
    length = Math.floor((72 * bitrate) / sampleRate) + padding;
    samplesPerFrame = 576;
  }
  return { version, layer, sampleRate, channels: b3 >> 6 === 3 ? 1 : 2, samplesPerFrame, length, hasCrc: (b1 & 1) === 0 };
}

function sameStream(a: Mp3FrameHeader, b: Mp3FrameHeader): boolean {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;
}

/** True when `run` agreeing frames follow one another from `at` (or the chain ends exactly at the end of the data). */
function frameChainAt(bytes: Uint8Array, at: number, run: number): boolean {
  const first = readMp3FrameHeader(bytes, at);
  if (!first) return false;
  let pos = at;
  for (let i = 0; i < run; i++) {
    const header = readMp3FrameHeader(bytes, pos);
    if (!header || !sameStream(first, header)) return false;
    pos += header.length;
    if (pos === bytes.length) return true;
    if (pos > bytes.length) return i > 0;
  }
  return true;
}

/** Bytes taken by ID3v2 tags at the start (several can be stacked), 0 when there are none. */
export function id3v2Length(bytes: Uint8Array): number {
  let pos = 0;
  while (pos + 10 <= bytes.length && bytes[pos] === 0x49 && bytes[pos + 1] === 0x44 && bytes[pos + 2] === 0x33) {
    const size =
      (((bytes[pos + 6] as number) & 0x7f) << 21) |
      (((bytes[pos + 7] as number) & 0x7f) << 14) |
      (((bytes[pos + 8] as number) & 0x7f) << 7) |
      ((bytes[pos + 9] as number) & 0x7f);
    const hasFooter = ((bytes[pos + 5] as number) & 0x10) !== 0;
    pos += 10 + size + (hasFooter ? 10 : 0);
  }
  return pos;
}

/**
 * Offset of the first audio frame, or undefined when the bytes are not MPEG audio. After an ID3 tag
 * we search further (taggers leave padding); without one only a little leading junk is tolerated,
 * so random binary data is not mistaken for MP3.
 */
export function findMp3Start(bytes: Uint8Array): number | undefined {
  const tag = id3v2Length(bytes);
  const searchLimit = Math.min(bytes.length, tag + (tag > 0 ? 256 * 1024 : 4 * 1024));
  for (let at = tag; at < searchLimit; at++) {
    if (bytes[at] === 0xff && frameChainAt(bytes, at, 3)) return at;
  }
  return undefined;
}

export interface Mp3Stream {
  /** Offsets and lengths of every frame found, in order. */
  frames: { offset: number; length: number }[];
  sampleRate: number;
  /** From the first frame's channel mode. */
  channels: 1 | 2;
  samplesPerFrame: number;
  /** Samples the decoder outputs for the whole stream (Xing/Info frame and LAME delay/padding excluded). */
  totalSamples: number;
}

/** LAME writes an Info/Xing frame first: it holds no audio, and its LAME extension says how many samples to trim. */
function readInfoFrame(bytes: Uint8Array, offset: number, header: Mp3FrameHeader): { delay: number; padding: number } | undefined {
  const sideInfo = header.version === 1 ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  const at = offset + 4 + (header.hasCrc ? 2 : 0) + sideInfo;
  const id = String.fromCharCode(...bytes.subarray(at, at + 4));
  if (id !== 'Xing' && id !== 'Info') {
    return String.fromCharCode(...bytes.subarray(offset + 36, offset + 40)) === 'VBRI' ? { delay: 0, padding: 0 } : undefined;
  }
  const encoder = String.fromCharCode(...bytes.subarray(at + 120, at + 124));
  if ((encoder !== 'LAME' && encoder !== 'Lavf' && encoder !== 'Lavc') || at + 144 > bytes.length) return { delay: 0, padding: 0 };
  const d0 = bytes[at + 141] as number;
  const d1 = bytes[at + 142] as number;
  const d2 = bytes[at + 143] as number;
  return { delay: (d0 << 4) | (d1 >> 4), padding: ((d1 & 0x0f) << 8) | d2 };
}

/** Walks every frame from `start`, resynchronising over junk between frames and stopping at trailing tags. */
export function walkMp3Frames(bytes: Uint8Array, start: number): Mp3Stream {
  const first = readMp3FrameHeader(bytes, start);
  if (!first) throw new Error('no MPEG frame at the given offset');
  const frames: { offset: number; length: number }[] = [];
  let pos = start;
  while (pos + 4 <= bytes.length) {
    const header = readMp3FrameHeader(bytes, pos);
    if (header && sameStream(first, header) && pos + header.length <= bytes.length) {
      frames.push({ offset: pos, length: header.length });
      pos += header.length;
      continue;
    }
    // A truncated last frame ends the stream; anything else is junk to skip until frames agree again.
    let next = pos + 1;
    while (next < bytes.length && !(bytes[next] === 0xff && frameChainAt(bytes, next, 2))) next++;
    pos = next;
  }
  let audioFrames = frames.length;
  let trim = 0;
  const firstFrame = frames[0];
  if (firstFrame) {
    const info = readInfoFrame(bytes, firstFrame.offset, first);
    if (info) {
      audioFrames -= 1;
      trim = info.delay + info.padding;
    }
  }
  return {
    frames,
    sampleRate: first.sampleRate,
    channels: first.channels,
    samplesPerFrame: first.samplesPerFrame,
    totalSamples: Math.max(0, audioFrames * first.samplesPerFrame - trim),
  };
}
