import type { Readable } from 'node:stream';

/** An object's metadata, as known without reading its bytes. */
export interface BlobInfo {
  /** Size of the whole object, also when only a range of it is being read. */
  size: number;
  contentType: string;
  /**
   * Quoted strong validator for the stored bytes, e.g. `"5d41…"`.
   * Optional so that a store without cheap validators can still satisfy the
   * interface; the CDN simply omits the ETag header then.
   */
  etag?: string;
}

export interface BlobObject extends BlobInfo {
  /** The whole object, or only the requested range of it. */
  body: Readable;
}

/**
 * Inclusive byte range, as in HTTP: `{ start: 0, end: 99 }` is the first 100
 * bytes. An `end` past the last byte is cut back to it.
 */
export interface ByteRange {
  start: number;
  end: number;
}

export interface GetOptions {
  /**
   * Read only these bytes. Rejects with an InvalidByteRangeError when the
   * range is malformed or starts at or past the end of the object, so HTTP
   * callers should work it out from `head()` first and answer 416 themselves.
   */
  range?: ByteRange;
}

/** One stored object as a listing names it. */
export interface ListedBlob {
  key: string;
  /** When its bytes were last written. */
  modifiedAt: Date;
}

export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Idempotent overwrite. Throws on an invalid key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Like `put`, but streams the file at `filePath` instead of holding it in
   * memory. The file is left in place: the caller owns it. A missing or
   * unreadable source rejects without changing any stored object.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /**
   * Null when missing. The caller owns `body` and must consume or destroy it,
   * otherwise a file handle or socket stays open until garbage collection.
   */
  get(key: string, opts?: GetOptions): Promise<BlobObject | null>;
  /** Metadata only, without opening the bytes; null when missing. */
  head(key: string): Promise<BlobInfo | null>;
  exists(key: string): Promise<boolean>;
  /** No error when missing. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a folder such as `a/b/`), in no particular order, read
   * page by page as the caller iterates (a large folder is never held whole).
   */
  list(prefix: string): AsyncIterable<ListedBlob>;
}
