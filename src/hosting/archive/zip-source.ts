import type { Readable } from 'node:stream';
import { getFileNameLowLevel, type Entry, type ZipFile } from 'yauzl';
import { nextZipEntry, openZipFile } from '../../lib/zip-reader';
import { ArchiveBudget } from './budget';
import { asArchiveError } from './as-archive-error';
import { crc32 } from './crc32';
import { quoteEntryName } from './entry-name';
import { zipEntryType } from './entry-types';
import { SitePlanBuilder, type SitePlan } from './site-plan';
import type { SiteFileSource } from './source';
import { ArchiveError, type ArchiveLimits, type SiteFile } from './types';

/**
 * Reads the central directory (no file data) to plan the site, then the
 * caller pulls files one by one. Sizes in the central directory are only a
 * first filter: yauzl asserts the inflated length equals the declared one and
 * ArchiveBudget counts the inflated bytes too, so a lying header is stopped
 * mid-stream instead of being trusted.
 */
export async function openZipSource(filePath: string, limits: ArchiveLimits, archiveBytes: number): Promise<SiteFileSource> {
  const zip = await openZipFile(filePath, asArchiveError);
  try {
    const { plan, entries } = await planZip(zip, new ArchiveBudget(limits, archiveBytes));
    return {
      kind: 'zip',
      plan,
      files: () => readFiles(zip, plan, entries, new ArchiveBudget(limits, archiveBytes)),
      close: async () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

function entryName(entry: Entry): string {
  return getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

async function planZip(zip: ZipFile, budget: ArchiveBudget): Promise<{ plan: SitePlan; entries: Entry[] }> {
  // The end record states the count up front: refuse before walking a huge directory.
  budget.checkEntryCount(zip.entryCount);
  const builder = new SitePlanBuilder(budget);
  const entries: Entry[] = [];
  for (let entry = await nextZipEntry(zip, asArchiveError); entry !== null; entry = await nextZipEntry(zip, asArchiveError)) {
    const name = entryName(entry);
    const kept = builder.add({ name, ...zipEntryType(entry.externalFileAttributes, name), size: entry.uncompressedSize });
    entries.push(entry);
    if (kept) refuseUndecodable(entry, name);
  }
  return { plan: builder.finish(), entries };
}

function refuseUndecodable(entry: Entry, name: string): void {
  if (entry.isEncrypted()) {
    throw new ArchiveError('corrupt', `entry ${quoteEntryName(name)} is encrypted; encrypted archives are not supported`);
  }
  if (!entry.canDecodeFileData()) {
    throw new ArchiveError(
      'corrupt',
      `entry ${quoteEntryName(name)} uses compression method ${entry.compressionMethod}; only stored and deflated entries are supported`,
    );
  }
}

async function* readFiles(zip: ZipFile, plan: SitePlan, entries: readonly Entry[], budget: ArchiveBudget): AsyncGenerator<SiteFile> {
  for (const file of plan.files) {
    const entry = entries[file.index] as Entry;
    const data = await readEntry(zip, entry, file.name, budget);
    yield { path: file.path, data };
  }
}

async function readEntry(zip: ZipFile, entry: Entry, name: string, budget: ArchiveBudget): Promise<Buffer> {
  const context = `entry ${quoteEntryName(name)} cannot be read`;
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (err) {
    throw asArchiveError(err, context);
  }
  // An error emitted after we stopped listening must not become an uncaught exception.
  stream.on('error', () => undefined);
  const meter = budget.meter(name);
  const chunks: Buffer[] = [];
  let checksum = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      meter.add(chunk.length);
      checksum = crc32(chunk, checksum);
      chunks.push(chunk);
    }
  } catch (err) {
    throw asArchiveError(err, context);
  } finally {
    stream.destroy();
  }
  if (checksum !== entry.crc32) {
    throw new ArchiveError('corrupt', `entry ${quoteEntryName(name)} is corrupt: its CRC-32 does not match`);
  }
  return Buffer.concat(chunks, meter.bytes);
}
