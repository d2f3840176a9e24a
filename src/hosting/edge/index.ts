export type { BlobSource, LiveSite, SiteFileEntry } from './types';
export { contentTypeFor, isCompressible } from './content-type';
export { resolveSitePath, type ResolvedPath } from './resolve-path';
export {
  BlobCache,
  type BlobCacheOptions,
  type BlobCacheStats,
  type ContentEncoding,
} from './blob-cache';
export { serveSite, DEFAULT_CACHE_CONTROL, type ServeSiteOptions } from './serve-site';
