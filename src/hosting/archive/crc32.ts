import * as zlib from 'node:zlib';

type Crc32 = (data: Uint8Array, previous?: number) => number;

let table: Uint32Array | null = null;

function tableCrc32(data: Uint8Array, previous = 0): number {
  if (table === null) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = ~previous;
  for (let i = 0; i < data.length; i++) {
    crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}

/**
 * Incremental CRC-32 (zip's checksum). yauzl does not verify it, and a
 * damaged deflate stream can inflate to wrong bytes without any error.
 * zlib.crc32 only exists from Node 20.15, hence the fallback.
 */
export const crc32: Crc32 = typeof (zlib as { crc32?: unknown }).crc32 === 'function' ? (zlib as unknown as { crc32: Crc32 }).crc32 : tableCrc32;

export { tableCrc32 };
