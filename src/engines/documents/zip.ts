import type { Readable } from 'node:stream';
import { getFileNameLowLevel, type Entry, type ZipFile } from 'yauzl';
import { nextZipEntry, openZipFile } from '../../lib/zip-reader';
import { InvalidDocumentError } from './types';

/** A .docx has a few dozen parts; thousands of entries means something else is going on. */
export const MAX_ZIP_ENTRIES = 10_000;

export interface ZipListing {
  zip: ZipFile;
  /** Entries by name; only the central directory has been read so far. */
  entries: Map<string, Entry>;
}

function invalid(context: string, err: unknown): InvalidDocumentError {
  if (err instanceof InvalidDocumentError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new InvalidDocumentError(`${context}: ${detail}`);
}

const wrap = (err: unknown, context: string) => invalid(`the ${context}`, err);

/**
 * Reads the central directory only (no file data). The caller must close the
 * returned zip. Refuses archives with more than MAX_ZIP_ENTRIES entries before
 * walking them, since the end record states the count up front.
 */
export async function listZip(filePath: string): Promise<ZipListing> {
  const zip = await openZipFile(filePath, wrap);
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      throw new InvalidDocumentError(`the zip archive has ${zip.entryCount} entries, more than the limit of ${MAX_ZIP_ENTRIES}`);
    }
    const entries = new Map<string, Entry>();
    for (let entry = await nextZipEntry(zip, wrap); entry !== null; entry = await nextZipEntry(zip, wrap)) {
      const name = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      if (!entries.has(name)) entries.set(name, entry);
    }
    return { zip, entries };
  } catch (err) {
    zip.close();
    throw err;
  }
}

export interface EntryLimits {
  /** Largest inflated size accepted, counted while inflating. */
  maxBytes: number;
  /** Largest inflated/compressed ratio accepted once past ratioFloorBytes. */
  maxRatio: number;
  /**
   * Below this many inflated bytes the ratio is not checked: small XML parts
   * full of repeated markup legitimately compress far better than 200:1 and
   * inflating them harms nothing.
   */
  ratioFloorBytes: number;
}

/**
 * Streams one entry's inflated bytes. The header's sizes are not trusted:
 * the bytes are counted as they come out of zlib and the stream is stopped
 * as soon as a limit is crossed, so a zip bomb never inflates past it.
 */
export async function* readEntryChunks(zip: ZipFile, entry: Entry, name: string, limits: EntryLimits): AsyncGenerator<Buffer> {
  if (entry.isEncrypted()) throw new InvalidDocumentError(`${name} is encrypted in the zip archive`);
  if (!entry.canDecodeFileData()) {
    throw new InvalidDocumentError(`${name} uses unsupported zip compression method ${entry.compressionMethod}`);
  }
  checkSize(name, entry.uncompressedSize, entry, limits);
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (err) {
    throw invalid(`${name} cannot be read from the zip archive`, err);
  }
  // An error emitted after we stopped listening must not become an uncaught exception.
  stream.on('error', () => undefined);
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      checkSize(name, bytes, entry, limits);
      yield chunk;
    }
  } catch (err) {
    throw invalid(`${name} cannot be read from the zip archive`, err);
  } finally {
    stream.destroy();
  }
}

function checkSize(name: string, bytes: number, entry: Entry, limits: EntryLimits): void {
  if (bytes > limits.maxBytes) {
    throw new InvalidDocumentError(`${name} is larger than ${Math.floor(limits.maxBytes / 1024 / 1024)} MiB uncompressed`);
  }
  if (bytes > limits.ratioFloorBytes && bytes > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
    throw new InvalidDocumentError(`${name} expands more than ${limits.maxRatio} times its compressed size (a zip bomb?)`);
  }
}
