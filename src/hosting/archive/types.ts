export type ArchiveKind = 'zip' | 'tar.gz';

export interface ArchiveLimits {
  /** Every entry counts, including folders and ignored ones, so junk cannot be used to stall the walk. */
  maxEntries: number;
  /** Uncompressed bytes of all files together. */
  maxTotalBytes: number;
  /** Uncompressed bytes of a single file. */
  maxFileBytes: number;
  /** Total uncompressed bytes / archive file size: the zip bomb guard. */
  maxRatio: number;
  /** UTF-8 bytes of an entry's path, once "./" and empty segments are dropped (file systems and hosts stop near 1,024). */
  maxPathBytes: number;
  /** Segments in an entry's path, its own name included: "a/b/index.html" is 3 levels deep. */
  maxPathDepth: number;
  /**
   * Distinct folders in the site, those only implied by file paths included:
   * without it, each entry could add maxPathDepth of them.
   */
  maxFolders: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = Object.freeze({
  maxEntries: 20_000,
  maxTotalBytes: 500 * MiB,
  maxFileBytes: 100 * MiB,
  maxRatio: 200,
  maxPathBytes: 1024,
  maxPathDepth: 64,
  maxFolders: 20_000,
});

export type ArchiveErrorCode =
  | 'not_an_archive'
  | 'unsafe_path'
  | 'path_too_long'
  | 'path_too_deep'
  | 'link_entry'
  | 'special_entry'
  | 'too_many_entries'
  | 'too_large'
  | 'ratio_exceeded'
  | 'corrupt'
  | 'empty';

/** The one error type this module throws for anything wrong with the archive itself. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';

  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SiteFile {
  /** Relative POSIX path, e.g. "index.html" or "assets/app.js". */
  path: string;
  data: Buffer;
}

export interface ExtractResult {
  kind: ArchiveKind;
  files: number;
  bytes: number;
  /** The single top-level folder the site was served from inside, if any. */
  stripped: string | null;
}
