import type { ArchiveKind } from './types';

const TAR_BLOCK = 512;

/** By content only: a name like "site.zip" says nothing about what was uploaded. */
export function detectArchiveKind(head: Buffer): ArchiveKind | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    // Local file header, or the end-of-central-directory record that is all an empty zip has.
    if ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06)) return 'zip';
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  return null;
}

/**
 * Whether the first decompressed block of a gzip is a tar header (checksum
 * valid) or the all-zero end marker of an empty tar. Checked before the tar
 * parser sees anything, because node-tar would otherwise sniff the data and
 * transparently inflate a gzip nested inside the gzip, outside our counters.
 */
export function looksLikeTar(block: Buffer): boolean {
  if (block.length < TAR_BLOCK) return false;
  const header = block.subarray(0, TAR_BLOCK);
  if (header.every((byte) => byte === 0)) return true;
  const field = header
    .subarray(148, 156)
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]{1,7}$/.test(field)) return false;
  const stored = parseInt(field, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < TAR_BLOCK; i++) {
    // The checksum is computed with its own field read as spaces.
    const byte = i >= 148 && i < 156 ? 0x20 : (header[i] as number);
    unsigned += byte;
    signed += byte >= 0x80 ? byte - 0x100 : byte;
  }
  // Some old tars summed signed bytes; both are accepted, as GNU tar does.
  return stored === unsigned || stored === signed;
}
