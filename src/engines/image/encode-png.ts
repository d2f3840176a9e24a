import { deflateSync, crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * PNG from opaque RGBA pixels. Skia's own encoder uses zlib level 6 with adaptive row
 * filters, which costs 3-5x more time on grainy images (500+ ms at 1024x1792) for files
 * only ~10% smaller; here rows are stored unfiltered (plain Buffer copies, no per-byte JS)
 * and deflated at level 1, which keeps every API size inside its time budget.
 * The pixels must be fully opaque: canvas data is premultiplied, which equals straight
 * alpha only when alpha is 255 everywhere.
 */
export function encodeOpaqueRgbaPng(pixels: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  if (pixels.length < stride * height) throw new RangeError('pixel buffer is smaller than width x height x 4');
  const raw = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 0;
    pixels.copy(raw, row + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}
