import type { OutgoingHttpHeaders } from 'node:http';
import type { ContentEncoding } from './blob-cache';
import { isCompressible } from './content-type';
import type { LiveSite, SiteFileEntry } from './types';

/** Smallest body worth compressing: below ~1 KB the savings do not cover the headers and CPU. */
export const MIN_COMPRESS_BYTES = 1024;

/** Index into EntryHeaders.variants. */
export type VariantIndex = 0 | 1 | 2;
export const IDENTITY: VariantIndex = 0;
export const BR: VariantIndex = 1;
export const GZIP: VariantIndex = 2;

const ENCODINGS: readonly (ContentEncoding | null)[] = [null, 'br', 'gzip'];
const ETAG_SUFFIX = ['', '-br', '-gz'];

export function variantFor(encoding: ContentEncoding | null): VariantIndex {
  return encoding === 'br' ? BR : encoding === 'gzip' ? GZIP : IDENTITY;
}

export function encodingOf(variant: VariantIndex): ContentEncoding | null {
  return ENCODINGS[variant] ?? null;
}

interface Variant {
  etag: string;
  ok: OutgoingHttpHeaders | null;
  notFound: OutgoingHttpHeaders | null;
  notModified: OutgoingHttpHeaders | null;
}

/**
 * Everything about an entry's responses that does not depend on the request, built once per
 * (entry, publishedAt, Cache-Control) and reused: node's writeHead only reads the object it is
 * given, so the same object can serve every request for that file.
 */
export class EntryHeaders {
  readonly lastModified: string;
  /** Last-Modified as it goes on the wire (second precision), for date comparisons. */
  readonly lastModifiedMs: number;
  /** Compressible type, so responses vary on Accept-Encoding. */
  readonly vary: boolean;
  readonly variants: readonly [Variant, Variant, Variant];

  constructor(
    readonly entry: SiteFileEntry,
    readonly publishedMs: number,
    readonly cacheControl: string,
  ) {
    this.lastModifiedMs = Math.floor(publishedMs / 1000) * 1000;
    this.lastModified = new Date(this.lastModifiedMs).toUTCString();
    this.vary = isCompressible(entry.contentType);
    const variant = (i: VariantIndex): Variant => ({
      etag: `"${entry.hash}${ETAG_SUFFIX[i]}"`,
      ok: null,
      notFound: null,
      notModified: null,
    });
    this.variants = [variant(IDENTITY), variant(BR), variant(GZIP)];
  }

  /** Whether negotiation applies at all; larger-than-cacheable files are sent as they are. */
  negotiable(maxCompressBytes: number): boolean {
    return this.vary && this.entry.size >= MIN_COMPRESS_BYTES && this.entry.size <= maxCompressBytes;
  }

  etag(variant: VariantIndex): string {
    return this.variants[variant].etag;
  }

  ok(variant: VariantIndex, length: number): OutgoingHttpHeaders {
    const v = this.variants[variant];
    if (v.ok === null || v.ok['Content-Length'] !== length) v.ok = this.body(variant, length, true);
    return v.ok;
  }

  notFound(variant: VariantIndex, length: number): OutgoingHttpHeaders {
    const v = this.variants[variant];
    if (v.notFound === null || v.notFound['Content-Length'] !== length) v.notFound = this.body(variant, length, false);
    return v.notFound;
  }

  notModified(variant: VariantIndex): OutgoingHttpHeaders {
    const v = this.variants[variant];
    if (v.notModified === null) {
      const headers: OutgoingHttpHeaders = {
        ETag: v.etag,
        'Last-Modified': this.lastModified,
        'Cache-Control': this.cacheControl,
      };
      if (this.vary) headers['Vary'] = 'Accept-Encoding';
      v.notModified = headers;
    }
    return v.notModified;
  }

  partial(start: number, end: number, size: number): OutgoingHttpHeaders {
    const headers = this.body(IDENTITY, end - start + 1, true);
    headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    return headers;
  }

  private body(variant: VariantIndex, length: number, validators: boolean): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {
      'Content-Type': this.entry.contentType,
      'Content-Length': length,
    };
    const encoding = encodingOf(variant);
    if (encoding !== null) headers['Content-Encoding'] = encoding;
    if (validators) {
      headers['ETag'] = this.variants[variant].etag;
      headers['Last-Modified'] = this.lastModified;
      headers['Accept-Ranges'] = 'bytes';
    }
    headers['Cache-Control'] = this.cacheControl;
    if (this.vary) headers['Vary'] = 'Accept-Encoding';
    headers['X-Content-Type-Options'] = 'nosniff';
    return headers;
  }
}

// Keyed by entry so headers die with the manifest; the same entry object may appear in several
// sites (rollbacks reuse manifests), hence the publishedAt/Cache-Control check.
const byEntry = new WeakMap<SiteFileEntry, EntryHeaders>();

export function entryHeaders(site: LiveSite, entry: SiteFileEntry, cacheControl: string): EntryHeaders {
  const publishedMs = site.publishedAt.getTime();
  let headers = byEntry.get(entry);
  if (headers === undefined || headers.publishedMs !== publishedMs || headers.cacheControl !== cacheControl) {
    headers = new EntryHeaders(entry, publishedMs, cacheControl);
    byEntry.set(entry, headers);
  }
  return headers;
}
