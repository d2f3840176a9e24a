import { endianness } from 'node:os';
import { BufferedFile } from './buffered-file';
import { audioFormat, type AudioFormat, type AudioFormatSpec } from './audio-format';
import { encodeMulaw } from './mulaw';
import { openMp3Writer } from './mp3-writer';
import { Resampler } from './resampler';

const LITTLE_ENDIAN_HOST = endianness() === 'LE';
const WAV_HEADER_BYTES = 44;

/**
 * Writes an engine's mono 16-bit PCM, as it arrives, to a file in one of the delivery formats,
 * resampling on the way when the format fixes a rate other than the engine's. Like the MP3 writer it
 * holds only what was encoded since the last flush.
 */
export interface AudioWriter {
  /** Rate of the samples in the file. */
  readonly fileRate: number;
  /** Encodes synchronously (for feeding from a synchronous source); the bytes wait for `flush`. */
  encode(pcm: Int16Array): void;
  flush(): Promise<void>;
  /** Encodes what is left, completes the file (WAV sizes, MP3's last frames) and closes it. */
  finish(): Promise<{ bytes: number }>;
  /** Closes and deletes the file; safe to call more than once. */
  discard(): Promise<void>;
}

export async function openAudioWriter(path: string, format: AudioFormat, opts: { sampleRate: number }): Promise<AudioWriter> {
  const spec = audioFormat(format);
  const fileRate = spec.sampleRate ?? opts.sampleRate;
  const inner: AudioWriter =
    spec.encoding === 'mp3' ? await mp3Writer(path, fileRate) : new ByteAudioWriter(await BufferedFile.open(path, 'audio writer'), spec, fileRate);
  return fileRate === opts.sampleRate ? inner : new ResamplingWriter(inner, new Resampler(opts.sampleRate, fileRate));
}

async function mp3Writer(path: string, sampleRate: number): Promise<AudioWriter> {
  const mp3 = await openMp3Writer(path, { sampleRate });
  return {
    fileRate: sampleRate,
    encode: (pcm) => mp3.encode(pcm),
    flush: () => mp3.flush(),
    finish: async () => ({ bytes: (await mp3.finish()).bytes }),
    discard: () => mp3.discard(),
  };
}

class ResamplingWriter implements AudioWriter {
  constructor(
    private readonly inner: AudioWriter,
    private readonly resampler: Resampler,
  ) {}

  get fileRate(): number {
    return this.inner.fileRate;
  }

  encode(pcm: Int16Array): void {
    this.inner.encode(this.resampler.push(pcm));
  }

  flush(): Promise<void> {
    return this.inner.flush();
  }

  finish(): Promise<{ bytes: number }> {
    this.inner.encode(this.resampler.end());
    return this.inner.finish();
  }

  discard(): Promise<void> {
    return this.inner.discard();
  }
}

/** WAV, bare PCM and µ-law: sample-by-sample encodings whose bytes need no encoder state. */
class ByteAudioWriter implements AudioWriter {
  private samples = 0;

  constructor(
    private readonly file: BufferedFile,
    private readonly spec: AudioFormatSpec,
    readonly fileRate: number,
  ) {
    // The sizes are unknown until the end: `finish` writes them over this header.
    if (spec.encoding === 'wav') file.keep(wavHeader(fileRate, 0));
  }

  encode(pcm: Int16Array): void {
    this.file.assertOpen();
    if (pcm.length === 0) return;
    this.samples += pcm.length;
    this.file.keep(this.spec.encoding === 'mulaw' ? encodeMulaw(pcm) : littleEndianBytes(pcm));
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  finish(): Promise<{ bytes: number }> {
    return this.file.finish(async (handle) => {
      if (this.spec.encoding !== 'wav') return;
      const header = wavHeader(this.fileRate, this.samples * 2);
      await handle.write(header, 0, header.length, 0);
    });
  }

  discard(): Promise<void> {
    return this.file.discard();
  }
}

/** A copy of the samples as little-endian bytes (the caller's array may be a reused view). */
function littleEndianBytes(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length * 2);
  if (LITTLE_ENDIAN_HOST) {
    out.set(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    return out;
  }
  const view = new DataView(out.buffer);
  for (let i = 0; i < pcm.length; i++) view.setInt16(i * 2, pcm[i] as number, true);
  return out;
}

/** The canonical 44-byte header of a mono 16-bit PCM RIFF/WAVE file. */
export function wavHeader(sampleRate: number, dataBytes: number): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) header[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, Math.min(0xffffffff, 36 + dataBytes), true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, Math.min(0xffffffff, dataBytes), true);
  return header;
}
