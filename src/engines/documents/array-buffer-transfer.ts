/**
 * pdf.js 5 compiles fonts for rendering with ArrayBuffer.prototype.transferToFixedLength (ES2024,
 * Node ≥ 21). On Node 20 it is missing, the font fails and a rendered page loses its text. Importing
 * this module adds a copying stand-in when (and only when) the method is absent; pdf.js never reads
 * the old buffer again, so not detaching it changes nothing but memory held until it is collected.
 */
const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
if (typeof proto.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const out = new ArrayBuffer(size);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return out;
    },
  });
}

export {};
