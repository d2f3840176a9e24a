const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 24 && Buffer.from(bytes.buffer, bytes.byteOffset, 8).equals(PNG_SIGNATURE);
}

/** Width and height from the IHDR chunk, which the PNG spec requires to come first. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  if (!isPng(bytes)) throw new Error('not a PNG image');
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG has no IHDR chunk first');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
