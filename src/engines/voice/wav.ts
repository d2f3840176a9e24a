import { endianness } from 'node:os';

const LITTLE_ENDIAN_HOST = endianness() === 'LE';
/** Anything before the samples (RIFF header, fmt, LIST…) beyond this is not a WAV we want. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Turns a mono 16-bit WAV arriving in arbitrary pieces into PCM, handed on piece by piece. The
 * header is parsed by walking RIFF chunks rather than assuming 44 bytes (a LIST or fact chunk may
 * precede `data`), and a `data` size larger than what arrives, as a writer that could not seek back
 * leaves it, just means "until the end".
 *
 * The PCM handed to `onPcm` is a view of one reused buffer, valid only during the call: espeak
 * writes ~2,800 pieces per 3,000 characters, and a fresh array for each left tens of MB of
 * garbage waiting for the collector. Copy it to keep it.
 */
export class WavPcmStream {
  /** Samples handed on so far. */
  samples = 0;
  private header: Uint8Array | undefined = new Uint8Array(0);
  private dataLeft = 0;
  private carry: number | undefined;
  private buffer = new Int16Array(4096);

  constructor(
    private readonly expectedRate: number,
    private readonly onPcm: (pcm: Int16Array) => void,
  ) {}

  /** `bytes` is read before this returns, so the caller may reuse its buffer. */
  push(bytes: Uint8Array): void {
    if (this.header) {
      const header = concat(this.header, bytes);
      const found = findData(header, this.expectedRate);
      if (!found) {
        if (header.length > MAX_HEADER_BYTES) throw new Error('WAV header is implausibly long or has no data chunk');
        this.header = header;
        return;
      }
      this.header = undefined;
      this.dataLeft = found.size;
      bytes = header.subarray(found.offset);
    }
    if (bytes.length > this.dataLeft) bytes = bytes.subarray(0, this.dataLeft);
    this.dataLeft -= bytes.length;
    this.emit(bytes);
  }

  /** Call once all bytes are in; throws if they never reached the samples. */
  end(): void {
    if (this.header) throw new Error(this.header.length < 12 ? 'not a RIFF/WAVE file' : 'WAV file has no data chunk');
  }

  private emit(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const carried = this.carry === undefined ? 0 : 1;
    const count = (bytes.length + carried) >> 1;
    if (count === 0) {
      this.carry = bytes[0];
      return;
    }
    if (this.buffer.length < count) this.buffer = new Int16Array(Math.max(count, this.buffer.length * 2));
    const pcm = this.buffer.subarray(0, count);
    const out = new Uint8Array(pcm.buffer, pcm.byteOffset, count * 2);
    if (carried) out[0] = this.carry as number;
    out.set(bytes.subarray(0, count * 2 - carried), carried);
    this.carry = (bytes.length + carried) & 1 ? bytes[bytes.length - 1] : undefined;
    if (!LITTLE_ENDIAN_HOST) {
      // The bytes are little-endian samples; swap them in place for a big-endian host.
      const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
      for (let i = 0; i < count; i++) pcm[i] = view.getInt16(i * 2, true);
    }
    this.samples += count;
    this.onPcm(pcm);
  }
}

/** All the PCM of a WAV file already in memory. */
export function readWavPcm(wav: Uint8Array, expectedRate: number): Int16Array {
  let pcm = new Int16Array(0);
  const stream = new WavPcmStream(expectedRate, (piece) => {
    pcm = piece.slice();
  });
  stream.push(wav);
  stream.end();
  return pcm;
}

/** Where the samples start and how many bytes the header says they take; undefined until the header is complete. */
function findData(bytes: Uint8Array, expectedRate: number): { offset: number; size: number } | undefined {
  if (bytes.length < 12) return undefined;
  if (!isRiffWave(bytes)) throw new Error('not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { codec: number; channels: number; rate: number; bits: number } | undefined;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = tag(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'data') {
      if (!format) throw new Error('WAV data chunk comes before its fmt chunk');
      return { offset: body, size };
    }
    if (id === 'fmt ') {
      if (body + 16 > bytes.length) return undefined;
      format = {
        codec: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
      if (format.codec !== 1 || format.channels !== 1 || format.bits !== 16 || format.rate !== expectedRate) {
        throw new Error(`unexpected WAV format: codec ${format.codec}, ${format.channels} ch, ${format.bits} bit, ${format.rate} Hz`);
      }
    }
    // Chunks are padded to an even length.
    offset = body + size + (size & 1);
  }
  return undefined;
}

function isRiffWave(bytes: Uint8Array): boolean {
  return tag(bytes, 0) === 'RIFF' && tag(bytes, 8) === 'WAVE';
}

function tag(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0, bytes[offset + 3] ?? 0);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b.slice();
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
