import type { SiteRuleMatcher } from '../site-rules/site-rule-matcher';

export interface SiteFileEntry {
  /** SHA-256 hex of the content; also the blob key and the basis of the ETag. */
  hash: string;
  size: number;
  /** Full header value, e.g. "text/html; charset=utf-8" (see contentTypeFor). */
  contentType: string;
}

export interface LiveSite {
  deploymentId: string;
  /** Which hosts may serve it: its own (`{id}--{site}`), and the site's address when it is production's live deployment. */
  siteId: string;
  environment: 'production' | 'preview';
  /** Used for Last-Modified. */
  publishedAt: Date;
  /** Keys: relative POSIX paths without a leading slash ("index.html", "assets/app.js", "404.html"). */
  files: ReadonlyMap<string, SiteFileEntry>;
  /** The deployment's `_redirects` / `_headers`, compiled; absent when it has none. */
  rules?: SiteRuleMatcher | null;
}

/** The content-addressed blob store; may be slow (disk/S3). */
export interface BlobSource {
  read(hash: string): Promise<Buffer | null>;
}
