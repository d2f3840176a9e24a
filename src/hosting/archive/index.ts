export { commonTopFolder, stripTopFolder } from './top-folder';
export { detectArchiveKind, looksLikeTar } from './detect';
export { isIgnoredPath, normaliseEntryPath } from './entry-path';
export { extractSiteArchive, readSiteArchive } from './extract';
export {
  ArchiveError,
  DEFAULT_ARCHIVE_LIMITS,
  type ArchiveErrorCode,
  type ArchiveKind,
  type ArchiveLimits,
  type ExtractResult,
  type SiteFile,
} from './types';
