import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { isCompressible } from './content-type';
import type { BlobSource } from './types';
import { edgeCacheLookups } from '../../metrics/registry';

const HIT = { result: 'hit' } as const;
const MISS = { result: 'miss' } as const;

export type ContentEncoding = 'br' | 'gzip';

export interface BlobCacheOptions {
  /** Total bytes held (identity plus compressed variants). Default 256 MiB. */
  maxBytes?: number;
  /** Larger buffers are passed through uncached so one huge file cannot flush the cache. Default 8 MiB. */
  maxEntryBytes?: number;
  /** On-the-fly brotli quality: 5 compresses close to 11 at a fraction of the CPU. Default 5. */
  brotliQuality?: number;
  gzipLevel?: number;
}

export interface BlobCacheStats {
  hits: number;
  misses: number;
  /** Calls to BlobSource.read. */
  reads: number;
  compressions: number;
  evictions: number;
  bytes: number;
  entries: number;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Marks "compressing this content does not make it smaller", which is a property of the content,
// so it is remembered like a compressed buffer instead of being recomputed on every request.
const NOT_SMALLER = Buffer.alloc(0);
// A bookkeeping cost for such markers so they still count against the byte budget.
const MARKER_BYTES = 64;

// Slots index BlobCache.maps; plain numbers rather than an enum so the file stays isolatedModules-friendly.
type Slot = 0 | 1 | 2;
const IDENTITY: Slot = 0;
const BR: Slot = 1;
const GZIP: Slot = 2;

interface Node {
  slot: Slot;
  hash: string;
  value: Buffer;
  bytes: number;
  prev: Node | null;
  next: Node | null;
}

function slotOf(encoding: ContentEncoding): Slot {
  return encoding === 'br' ? BR : GZIP;
}

/**
 * Byte-bounded LRU in front of a BlobSource, holding raw blobs and their compressed variants.
 * Hits are served synchronously through peek()/peekEncoded() so the hot path needs no await; misses
 * are single-flight, so a burst of requests for a cold file costs one read (and one compression).
 */
export class BlobCache {
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  private readonly brotliQuality: number;
  private readonly gzipLevel: number;
  // One map per slot keyed by hash: no string concatenation on lookups.
  private readonly maps: [Map<string, Node>, Map<string, Node>, Map<string, Node>] = [new Map(), new Map(), new Map()];
  private readonly inflight = new Map<string, Promise<Buffer | null>>();
  private readonly inflightEncoded = new Map<string, Promise<Buffer | null>>();
  // Most recently used at head.
  private head: Node | null = null;
  private tail: Node | null = null;
  private bytes = 0;
  private counters = { hits: 0, misses: 0, reads: 0, compressions: 0, evictions: 0 };

  constructor(
    private readonly source: BlobSource,
    options: BlobCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? 8 * 1024 * 1024, this.maxBytes);
    this.brotliQuality = options.brotliQuality ?? 5;
    this.gzipLevel = options.gzipLevel ?? 6;
  }

  /** The cached blob, if present; marks it recently used. */
  peek(hash: string): Buffer | undefined {
    const node = this.maps[IDENTITY].get(hash);
    if (node === undefined) return undefined;
    this.counters.hits++;
    edgeCacheLookups.inc(HIT);
    this.touch(node);
    return node.value;
  }

  /** The blob, from cache or the source; null when the source does not have it (never cached). */
  get(hash: string): Promise<Buffer | null> {
    const cached = this.peek(hash);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.inflight.get(hash);
    if (pending) return pending;
    this.counters.misses++;
    edgeCacheLookups.inc(MISS);
    // Cleared in a later microtask, i.e. always after the set below, even if read() throws synchronously.
    const load = this.load(hash).finally(() => this.inflight.delete(hash));
    this.inflight.set(hash, load);
    return load;
  }

  /**
   * The cached compressed variant: a Buffer, null when compression is known not to help (serve
   * identity), undefined when not known yet.
   */
  peekEncoded(hash: string, encoding: ContentEncoding): Buffer | null | undefined {
    const node = this.maps[slotOf(encoding)].get(hash);
    if (node === undefined) return undefined;
    this.counters.hits++;
    edgeCacheLookups.inc(HIT);
    this.touch(node);
    return node.value === NOT_SMALLER ? null : node.value;
  }

  /**
   * The compressed variant, compressing at most once per hash+encoding. Null when the type is not
   * compressible, the result would not be smaller, or the blob is missing.
   */
  getEncoded(hash: string, encoding: ContentEncoding, contentType: string): Promise<Buffer | null> {
    const cached = this.peekEncoded(hash, encoding);
    if (cached !== undefined) return Promise.resolve(cached);
    if (!isCompressible(contentType)) return Promise.resolve(null);
    const key = `${hash}:${encoding}`;
    const pending = this.inflightEncoded.get(key);
    if (pending) return pending;
    const work = this.compress(hash, encoding, contentType).finally(() => this.inflightEncoded.delete(key));
    this.inflightEncoded.set(key, work);
    return work;
  }

  stats(): BlobCacheStats {
    const entries = this.maps[0].size + this.maps[1].size + this.maps[2].size;
    return { ...this.counters, bytes: this.bytes, entries };
  }

  clear(): void {
    for (const map of this.maps) map.clear();
    this.head = this.tail = null;
    this.bytes = 0;
  }

  private async load(hash: string): Promise<Buffer | null> {
    this.counters.reads++;
    const blob = await this.source.read(hash);
    // Missing blobs are not remembered: the store may be catching up (replication, retried upload).
    if (blob !== null) this.insert(IDENTITY, hash, blob, blob.length);
    return blob;
  }

  private async compress(hash: string, encoding: ContentEncoding, contentType: string): Promise<Buffer | null> {
    const raw = await this.get(hash);
    if (raw === null) return null;
    this.counters.compressions++;
    const compressed =
      encoding === 'br'
        ? await brotliAsync(raw, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              [zlibConstants.BROTLI_PARAM_MODE]: contentType.startsWith('text/') ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC,
            },
          })
        : await gzipAsync(raw, { level: this.gzipLevel });
    if (compressed.length >= raw.length) {
      this.insert(slotOf(encoding), hash, NOT_SMALLER, MARKER_BYTES);
      return null;
    }
    this.insert(slotOf(encoding), hash, compressed, compressed.length);
    return compressed;
  }

  private insert(slot: Slot, hash: string, value: Buffer, bytes: number): void {
    if (bytes > this.maxEntryBytes) return;
    const map = this.maps[slot];
    const existing = map.get(hash);
    if (existing) this.remove(existing);
    const node: Node = { slot, hash, value, bytes, prev: null, next: this.head };
    if (this.head) this.head.prev = node;
    this.head = node;
    if (!this.tail) this.tail = node;
    map.set(hash, node);
    this.bytes += bytes;
    while (this.bytes > this.maxBytes && this.tail && this.tail !== node) {
      this.remove(this.tail);
      this.counters.evictions++;
    }
  }

  private remove(node: Node): void {
    if (node.prev) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
    node.prev = node.next = null;
    this.maps[node.slot].delete(node.hash);
    this.bytes -= node.bytes;
  }

  private touch(node: Node): void {
    if (node === this.head) return;
    // Unlink (node is not head, so prev exists).
    node.prev!.next = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
    node.prev = null;
    node.next = this.head;
    this.head!.prev = node;
    this.head = node;
  }
}
