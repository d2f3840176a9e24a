import type { Readable } from 'node:stream';

export interface BlobObject {
  body: Readable;
  size: number;
  contentType: string;
  /**
   * Quoted strong validator for the stored bytes, e.g. `"5d41…"`.
   * Optional so that a store without cheap validators can still satisfy the
   * interface; the CDN simply omits the ETag header then.
   */
  etag?: string;
}

export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Idempotent overwrite. Throws on an invalid key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Null when missing. The caller owns `body` and must consume or destroy it,
   * otherwise a file handle or socket stays open until garbage collection.
   */
  get(key: string): Promise<BlobObject | null>;
  exists(key: string): Promise<boolean>;
  /** No error when missing. */
  delete(key: string): Promise<void>;
}
