import { quoteEntryName } from './entry-name';
import { ArchiveError, type ArchiveLimits } from './types';

/** Per-file counter handed out by ArchiveBudget, so a file's own total and the archive total move together. */
export interface FileMeter {
  add(bytes: number): void;
  readonly bytes: number;
}

/**
 * Enforces ArchiveLimits. Declared sizes are checked to fail fast, but the
 * counts that matter are the ones fed while decompressing, because headers
 * can lie. Every check runs on each increment, so a bomb is stopped within
 * one chunk of crossing a limit rather than after it has been inflated.
 */
/**
 * Below this many bytes the ratio is not checked: inflating 1 MiB harms
 * nothing, while tiny archives legitimately exceed any ratio (an empty tar is
 * 10 KiB of zeros that gzip to 45 bytes, a ratio of 227).
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export class ArchiveBudget {
  private entries = 0;
  private folders = 0;
  private declaredTotal = 0;
  private actualTotal = 0;
  private streamTotal = 0;

  constructor(
    private readonly limits: ArchiveLimits,
    private readonly archiveBytes: number,
    private readonly ratioFloorBytes = RATIO_FLOOR_BYTES,
  ) {}

  countEntry(name: string): void {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) {
      throw new ArchiveError('too_many_entries', `archive has more than ${this.limits.maxEntries} entries (stopped at ${quoteEntryName(name)})`);
    }
  }

  /** Called for each distinct folder the site will have, listed or only implied by a path. */
  countFolder(name: string): void {
    this.folders += 1;
    if (this.folders > this.limits.maxFolders) {
      throw new ArchiveError(
        'too_many_entries',
        `archive has more than ${this.limits.maxFolders} folders, counting those in file paths (stopped at ${quoteEntryName(name)})`,
      );
    }
  }

  /** For formats that state their entry count before listing entries. */
  checkEntryCount(count: number): void {
    if (count > this.limits.maxEntries) {
      throw new ArchiveError('too_many_entries', `archive has ${count} entries, more than the limit of ${this.limits.maxEntries}`);
    }
  }

  /**
   * Path caps, checked on the normalised path of every entry (folders and
   * ignored ones too): beyond them a path is no use to a site, and the plan's
   * work per entry stays bounded.
   */
  checkPath(name: string, path: string): void {
    const bytes = Buffer.byteLength(path);
    if (bytes > this.limits.maxPathBytes) {
      throw new ArchiveError(
        'path_too_long',
        `entry ${quoteEntryName(name)} has a path of ${bytes} bytes, longer than the limit of ${this.limits.maxPathBytes}`,
      );
    }
    let depth = path === '' ? 0 : 1;
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) depth += 1;
    if (depth > this.limits.maxPathDepth) {
      throw new ArchiveError('path_too_deep', `entry ${quoteEntryName(name)} is ${depth} levels deep, deeper than the limit of ${this.limits.maxPathDepth}`);
    }
  }

  declareFile(name: string, size: number): void {
    this.checkFile(name, size, 'declares');
    this.declaredTotal += size;
    this.checkTotal(name, this.declaredTotal, 'declares');
  }

  meter(name: string): FileMeter {
    let bytes = 0;
    return {
      add: (n: number) => {
        bytes += n;
        this.actualTotal += n;
        this.checkFile(name, bytes, 'expands to');
        this.checkTotal(name, this.actualTotal, 'expands to');
      },
      get bytes() {
        return bytes;
      },
    };
  }

  /**
   * Raw decompressed stream bytes (tar headers and padding included). Bounds
   * what a gzip can make us inflate even when it hides zeros outside any file.
   */
  countStream(bytes: number): void {
    this.streamTotal += bytes;
    this.checkRatio(null, this.streamTotal);
    // Generous room for tar headers, pax records and padding around real file bytes.
    const cap = this.limits.maxTotalBytes + this.limits.maxEntries * 4096 + 1024 * 1024;
    if (this.streamTotal > cap) {
      throw new ArchiveError('too_large', `archive decompresses to more than ${cap} bytes`);
    }
  }

  private checkFile(name: string, size: number, verb: string): void {
    if (size > this.limits.maxFileBytes) {
      throw new ArchiveError('too_large', `entry ${quoteEntryName(name)} ${verb} more than the ${this.limits.maxFileBytes}-byte limit per file`);
    }
  }

  private checkTotal(name: string, total: number, verb: string): void {
    if (total > this.limits.maxTotalBytes) {
      throw new ArchiveError('too_large', `archive ${verb} more than the ${this.limits.maxTotalBytes}-byte limit in total (at entry ${quoteEntryName(name)})`);
    }
    this.checkRatio(name, total);
  }

  private checkRatio(name: string | null, total: number): void {
    if (total > this.ratioFloorBytes && total > this.limits.maxRatio * this.archiveBytes) {
      const where = name === null ? '' : ` (at entry ${quoteEntryName(name)})`;
      throw new ArchiveError('ratio_exceeded', `archive of ${this.archiveBytes} bytes expands to more than ${this.limits.maxRatio} times its size${where}`);
    }
  }
}
