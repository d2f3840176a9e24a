import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { BufferedFile } from './buffered-file';
import { wasm, type WasmModule } from './wasm';

/**
 * Constant 48 kbit/s, mono: for 22,050 Hz speech (espeak's band stops well below 11 kHz) LAME's
 * MPEG-2 layer III at 48k is clean, and CBR keeps size predictable at 6 KB per second of audio
 * (≈40 MB for a 20,000-word text). VBR was tried: at this sample rate LAME's default VBR quality
 * averaged ~80 kbit/s for the same speech, so bigger files for no audible gain.
 */
export const MP3_BITRATE_KBPS = 48;

/** PCM samples per encoder call: few enough calls to be cheap, and bounds the encoder's own buffer. */
const ENCODE_SLICE = 16_384;
/** Encoded bytes collected before one write to disk. */
const FLUSH_BYTES = 64 * 1024;

export interface Mp3WriteResult {
  bytes: number;
  /** PCM samples encoded (per channel); duration = samples / sampleRate. */
  samples: number;
}

export interface Mp3Writer {
  readonly sampleRate: number;
  /** Samples accepted so far. */
  readonly samples: number;
  /**
   * Encodes PCM (Int16, or Float32 in −1…1) synchronously, keeping the frames produced until the
   * next `flush`; for feeding from a synchronous source. Frames are ~6 KB per second of audio.
   */
  encode(pcm: Int16Array | Float32Array): void;
  /** Writes the frames encoded so far to the file. */
  flush(): Promise<void>;
  /** `encode` then, once enough has gathered, `flush`. */
  write(pcm: Int16Array | Float32Array): Promise<void>;
  /** Encodes what is left, flushes the encoder, closes the file and reports what was written. */
  finish(): Promise<Mp3WriteResult>;
  /** Closes and deletes the file; for failures and cancellation. Safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * Opens (creating or truncating) `path` for a mono MP3 at `sampleRate`. Memory holds one PCM slice
 * and the frames encoded since the last flush (`write` flushes every 64 KB), never the whole MP3.
 */
export async function openMp3Writer(path: string, opts: { sampleRate: number }): Promise<Mp3Writer> {
  const encoder = await newEncoder();
  encoder.configure({ sampleRate: opts.sampleRate, channels: 1, bitrate: MP3_BITRATE_KBPS });
  return new FileMp3Writer(await BufferedFile.open(path, 'MP3 writer'), encoder, opts.sampleRate);
}

class FileMp3Writer implements Mp3Writer {
  samples = 0;
  /** PCM gathered for the next encoder call; small pieces (espeak's are ~60 ms) are batched here. */
  private readonly slice = new Float32Array(ENCODE_SLICE);
  private filled = 0;

  constructor(
    private readonly file: BufferedFile,
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    readonly sampleRate: number,
  ) {}

  encode(pcm: Int16Array | Float32Array): void {
    this.file.assertOpen();
    const scale = pcm instanceof Int16Array ? 1 / 32768 : 1;
    for (let offset = 0; offset < pcm.length; ) {
      const count = Math.min(ENCODE_SLICE - this.filled, pcm.length - offset);
      for (let i = 0; i < count; i++) this.slice[this.filled + i] = (pcm[offset + i] as number) * scale;
      this.filled += count;
      offset += count;
      if (this.filled === ENCODE_SLICE) this.encodeSlice();
    }
    this.samples += pcm.length;
  }

  async write(pcm: Int16Array | Float32Array): Promise<void> {
    this.encode(pcm);
    if (this.file.buffered >= FLUSH_BYTES) await this.flush();
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  async finish(): Promise<Mp3WriteResult> {
    this.file.assertOpen();
    this.encodeSlice();
    this.keep(this.encoder.finalize());
    const { bytes } = await this.file.finish();
    return { bytes, samples: this.samples };
  }

  discard(): Promise<void> {
    return this.file.discard();
  }

  private encodeSlice(): void {
    if (this.filled === 0) return;
    this.keep(this.encoder.encode([this.filled === ENCODE_SLICE ? this.slice : this.slice.subarray(0, this.filled)]));
    this.filled = 0;
  }

  /** The encoder owns the array it returns and reuses it on the next call, so keep a copy. */
  private keep(frames: Uint8Array): void {
    if (frames.length > 0) this.file.keep(frames.slice());
  }
}

let encoderModule: Promise<WasmModule> | undefined;

/**
 * One compiled encoder module per process, instantiated per file (an encoder holds one stream's
 * state). `createMp3Encoder()` would decode and compile its inlined base64 copy every time.
 */
async function newEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  encoderModule ??= (async () => {
    const path = createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3');
    return wasm.compile(await readFile(path));
  })().catch((err: unknown) => {
    encoderModule = undefined;
    throw err;
  });
  return createEncoder('audio/mpeg', await encoderModule);
}
