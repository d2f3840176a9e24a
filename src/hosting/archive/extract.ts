import { open, stat } from 'node:fs/promises';
import { detectArchiveKind } from './detect';
import type { SiteFileSource } from './source';
import { openTarGzSource } from './tar-source';
import { DEFAULT_ARCHIVE_LIMITS, ArchiveError, type ArchiveLimits, type ExtractResult, type SiteFile } from './types';
import { openZipSource } from './zip-source';

const HEAD_BYTES = 8;

/**
 * Turns an uploaded archive into site files, calling `onFile` for each one
 * in archive order and awaiting it before reading the next, so only one
 * file's data is held at a time.
 *
 * Every rule that can be checked without inflating data (paths, entry types,
 * counts, declared sizes, and for tar.gz everything, since it is scanned
 * in full first) is enforced before `onFile` is first called. A zip whose
 * headers lie about sizes or whose data is damaged is only caught while its
 * files are being read, so `onFile` may have been called for some files
 * when extraction throws: the caller must then discard what it received.
 *
 * Errors thrown by `onFile` propagate unchanged; everything wrong with the
 * archive is an ArchiveError.
 */
export async function extractSiteArchive(
  filePath: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  onFile: (file: SiteFile) => Promise<void> = async () => undefined,
): Promise<ExtractResult> {
  const archiveBytes = (await stat(filePath)).size;
  const kind = detectArchiveKind(await readHead(filePath));
  if (kind === null) {
    throw new ArchiveError('not_an_archive', 'file is not a zip or tar.gz archive');
  }
  const source: SiteFileSource = kind === 'zip' ? await openZipSource(filePath, limits, archiveBytes) : await openTarGzSource(filePath, limits, archiveBytes);
  let files = 0;
  let bytes = 0;
  try {
    for await (const file of source.files()) {
      files += 1;
      bytes += file.data.length;
      await onFile(file);
    }
  } finally {
    await source.close();
  }
  return { kind, files, bytes, stripped: source.plan.stripped };
}

/** Whole site in memory: for tests and small archives only. */
export async function readSiteArchive(filePath: string, limits?: ArchiveLimits): Promise<SiteFile[]> {
  const files: SiteFile[] = [];
  await extractSiteArchive(filePath, limits, async (file) => {
    files.push(file);
  });
  return files;
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
