import { open } from 'node:fs/promises';
import { MPEGDecoder } from 'mpg123-decoder';

export interface Mp3Measure {
  durationSeconds: number;
  sampleRate: number;
  /** 2 only when the two channels ever differ: decoders hand mono back as two identical planes. */
  channels: number;
  /** Root mean square of all decoded samples, 0 (silence) to 1 (full scale). */
  rms: number;
}

/** File read per decode call: bounds memory (one piece plus its decoded PCM) whatever the file size. */
const READ_PIECE = 256 * 1024;

/**
 * True when `bytes` starts like an MP3: an ID3v2 tag, or an MPEG audio frame header (11-bit sync,
 * a defined version and layer, a bitrate index other than "bad" and a sample-rate index other than
 * "reserved"). A sniff, not a validation: decode to be sure.
 */
export function isMp3(bytes: Uint8Array): boolean {
  if (bytes.length >= 3 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return true; // "ID3"
  if (bytes.length < 4) return false;
  const [b0, b1, b2] = [bytes[0] as number, bytes[1] as number, bytes[2] as number];
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && version !== 0b01 && layer !== 0b00 && bitrateIndex !== 0b1111 && rateIndex !== 0b11;
}

/**
 * Decodes an MP3 stream fed piece by piece and keeps only running totals, so a stream of any length
 * is measured in constant memory. One meter per stream: the decoder carries state (bit reservoir,
 * gapless trimming from a LAME header) that belongs to one file. Call `free()` when done.
 */
export class Mp3Meter {
  private readonly decoder = new MPEGDecoder();
  private samples = 0;
  private sumSquares = 0;
  private values = 0;
  private rate = 0;
  private stereo = false;
  private decodeErrors = 0;

  /** Resolves once the decoder's WASM is ready; `push` must not be called before. */
  get ready(): Promise<void> {
    return this.decoder.ready;
  }

  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const decoded = this.decoder.decode(bytes);
    this.decodeErrors += decoded.errors.length;
    const n = decoded.samplesDecoded;
    if (n === 0) return;
    this.rate = decoded.sampleRate || this.rate;
    this.samples += n;
    const [left, right] = decoded.channelData;
    if (!left) return;
    // mpg123 hands back mono as two identical planes; a stream is only stereo if they ever differ.
    if (right && !this.stereo) {
      for (let i = 0; i < n; i++) {
        if (left[i] !== right[i]) {
          this.stereo = true;
          break;
        }
      }
    }
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = left[i] as number;
      sum += v * v;
    }
    if (right) {
      for (let i = 0; i < n; i++) {
        const v = right[i] as number;
        sum += v * v;
      }
    }
    this.sumSquares += sum;
    this.values += right ? 2 * n : n;
  }

  /** Totals so far; duration counts decoded samples, so it is exact rather than a bitrate estimate. */
  get measure(): Mp3Measure & { decodeErrors: number } {
    return {
      durationSeconds: this.rate ? this.samples / this.rate : 0,
      sampleRate: this.rate,
      channels: this.rate === 0 ? 0 : this.stereo ? 2 : 1,
      rms: this.values ? Math.sqrt(this.sumSquares / this.values) : 0,
      decodeErrors: this.decodeErrors,
    };
  }

  free(): void {
    this.decoder.free();
  }
}

/** Decodes a whole MP3 (a file path, read 256 KB at a time, or bytes already in memory) and measures it. */
export async function measureMp3(source: string | Uint8Array): Promise<Mp3Measure> {
  const meter = new Mp3Meter();
  try {
    await meter.ready;
    if (typeof source === 'string') {
      const file = await open(source, 'r');
      try {
        const piece = new Uint8Array(READ_PIECE);
        for (;;) {
          const { bytesRead } = await file.read(piece, 0, READ_PIECE, null);
          if (bytesRead === 0) break;
          meter.push(piece.subarray(0, bytesRead));
        }
      } finally {
        await file.close();
      }
    } else {
      for (let offset = 0; offset < source.length; offset += READ_PIECE) meter.push(source.subarray(offset, offset + READ_PIECE));
    }
    const { durationSeconds, sampleRate, channels, rms } = meter.measure;
    return { durationSeconds, sampleRate, channels, rms };
  } finally {
    meter.free();
  }
}
