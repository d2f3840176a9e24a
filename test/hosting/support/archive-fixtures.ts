import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { ZipFile } from 'yazl';
import { ArchiveError, extractSiteArchive, type ArchiveErrorCode, type ArchiveLimits } from '../../../src/hosting/archive';

/** A temp folder per test file; `cleanup` in afterAll. */
export async function makeTempDir(): Promise<{ dir: string; write(name: string, data: Buffer): Promise<string>; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-archive-'));
  return {
    dir,
    async write(name, data) {
      const path = join(dir, name);
      await writeFile(path, data);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface ZipFixtureEntry {
  name: string;
  data?: Buffer | string;
  /** Full st_mode, e.g. 0o120777 for a symlink. */
  mode?: number;
  directory?: boolean;
  compress?: boolean;
}

export async function zipBuffer(entries: readonly ZipFixtureEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    const options = {
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
      mtime: new Date('2024-01-01T00:00:00Z'),
    };
    if (entry.directory) zip.addEmptyDirectory(entry.name, options);
    else zip.addBuffer(Buffer.from(entry.data ?? ''), entry.name, { ...options, compress: entry.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * yazl refuses unsafe names, so malicious zips are made with a harmless
 * placeholder of the same byte length, then renamed in place (the name is
 * stored in the local header and in the central directory).
 */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error('renameInZip needs names of equal byte length');
  const out = Buffer.from(zip);
  let replaced = 0;
  for (let at = out.indexOf(a); at !== -1; at = out.indexOf(a, at + a.length)) {
    b.copy(out, at);
    replaced += 1;
  }
  if (replaced < 2) throw new Error(`placeholder ${from} found ${replaced} times`);
  return out;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/** Overwrites the uncompressed size of every entry in the local headers and/or the central directory. */
export function setZipUncompressedSize(zip: Buffer, size: number, where: { local: boolean; central: boolean }): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = out.readUInt32LE(i);
    if (where.local && signature === LOCAL_HEADER) out.writeUInt32LE(size, i + 22);
    if (where.central && signature === CENTRAL_HEADER) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

export interface TarFixtureEntry {
  name: string;
  /** ustar typeflag: 'x' pax header, '0' file, '1' hard link, '2' symlink, '3' char device, '4' block device, '5' folder, '6' FIFO. */
  type?: string;
  data?: Buffer | string;
  linkname?: string;
  mode?: number;
}

/** Typeflags whose size field counts the data that follows: files, pax headers, GNU long names. */
const DATA_TYPES = new Set(['0', 'x', 'g', 'L']);

/** One pax record, "<length> <key>=<value>\n", where the length counts itself. */
export function paxRecord(key: string, value: string): string {
  const body = Buffer.byteLength(` ${key}=${value}\n`);
  let total = body + 1;
  while (total !== body + String(total).length) total = body + String(total).length;
  return `${total} ${key}=${value}\n`;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/**
 * A ustar archive written byte by byte, because node-tar will not create the
 * malicious entries (links, devices, "../" and absolute names) tests need.
 */
export function rawTar(entries: readonly TarFixtureEntry[], options: { endMarker?: boolean } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const type = entry.type ?? '0';
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'utf8');
    header.write(octal(entry.mode ?? (type === '5' ? 0o755 : 0o644), 8), 100, 'latin1');
    header.write(octal(0, 8), 108, 'latin1');
    header.write(octal(0, 8), 116, 'latin1');
    const hasData = DATA_TYPES.has(type);
    header.write(octal(hasData ? data.length : 0, 12), 124, 'latin1');
    header.write(octal(1_700_000_000, 12), 136, 'latin1');
    header.write(' '.repeat(8), 148, 'latin1');
    header.write(type, 156, 'latin1');
    if (entry.linkname !== undefined) header.write(entry.linkname, 157, 100, 'utf8');
    header.write('ustar\0', 257, 'latin1');
    header.write('00', 263, 'latin1');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
    blocks.push(header);
    if (hasData && data.length > 0) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  if (options.endMarker ?? true) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export function rawTarGz(entries: readonly TarFixtureEntry[]): Buffer {
  return gzipSync(rawTar(entries));
}

/** Smallest valid PNG-looking header, enough for content sniffing. */
export const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * Runs an extraction that must be refused with `code`; returns the error and
 * the path of every file onFile received before the refusal.
 */
export async function expectRefusal(path: string, code: ArchiveErrorCode, limits?: ArchiveLimits): Promise<{ error: ArchiveError; received: string[] }> {
  const received: string[] = [];
  const error = await extractSiteArchive(path, limits, async (file) => {
    received.push(file.path);
  }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ArchiveError);
  expect((error as ArchiveError).code, (error as Error).message).toBe(code);
  return { error: error as ArchiveError, received };
}

/** Open file descriptors of this process (Linux), to prove every path closes what it opened. */
export async function openFdCount(): Promise<number | null> {
  const { readdir } = await import('node:fs/promises');
  try {
    return (await readdir('/proc/self/fd')).length;
  } catch {
    return null;
  }
}
