import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * A tar.gz of a site's files, for servers without deploys by digest (they take a multipart archive). POSIX
 * ustar (POSIX.1-2001 `pax` format): a name that does not fit the 100-byte field, or is not ASCII, goes in a
 * pax `path` record before its entry, which every tar reader of the last twenty years understands.
 */
export interface TarEntry {
  path: string;
  abs: string;
  size: number;
}

const BLOCK = 512;

function field(buf: Buffer, offset: number, length: number, value: string): void {
  buf.write(value, offset, length, 'utf8');
}

function octal(n: number, length: number): string {
  return `${n.toString(8).padStart(length - 1, '0')}\0`;
}

/** One 512-byte ustar header. */
export function tarHeader(name: string, size: number, type: '0' | 'x', mtime = 0): Buffer {
  const h = Buffer.alloc(BLOCK);
  field(h, 0, 100, name);
  field(h, 100, 8, octal(0o644, 8));
  field(h, 108, 8, octal(0, 8));
  field(h, 116, 8, octal(0, 8));
  field(h, 124, 12, octal(size, 12));
  field(h, 136, 12, octal(mtime, 12));
  field(h, 148, 8, '        '); // counted as spaces while the checksum is summed
  field(h, 156, 1, type);
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  let sum = 0;
  for (const b of h) sum += b;
  field(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

/** A pax record is `LEN key=value\n` where LEN counts itself too. */
export function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLen = Buffer.byteLength(body);
  const digits = (n: number) => String(n).length;
  let len = bodyLen + digits(bodyLen);
  if (digits(len) > digits(bodyLen)) len = bodyLen + digits(len); // a 99-byte body is 101 with "99", which needs three digits: 102
  return `${len}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarStream(entries: TarEntry[]): AsyncGenerator<Buffer> {
  for (const e of entries) {
    const name = Buffer.byteLength(e.path) <= 100 && /^[\x20-\x7e]*$/.test(e.path) ? e.path : null;
    if (name === null) {
      const pax = Buffer.from(paxRecord('path', e.path));
      yield tarHeader('PaxHeader', pax.length, 'x');
      yield Buffer.concat([pax, padding(pax.length)]);
    }
    yield tarHeader(name ?? e.path.slice(-100).replace(/[^\x20-\x7e]/g, '_'), e.size, '0');
    let sent = 0;
    for await (const chunk of createReadStream(e.abs)) {
      sent += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (sent !== e.size) throw new Error(`${e.path} changed while it was being archived (${e.size} bytes when hashed, ${sent} now)`);
    yield padding(e.size);
  }
  yield Buffer.alloc(BLOCK * 2); // the end-of-archive marker
}

export async function writeTarGz(entries: TarEntry[], dest: string): Promise<void> {
  await pipeline(Readable.from(tarStream(entries)), createGzip(), createWriteStream(dest, { mode: 0o600 }));
}
