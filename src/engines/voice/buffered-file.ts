import { open, rm, type FileHandle } from 'node:fs/promises';

/**
 * An output file that collects encoded bytes in memory until `flush` writes them in one call, and that
 * can be finished (closed, its size reported) or discarded (closed and deleted) exactly once. The audio
 * writers keep only what they encoded since the last flush, never the whole file.
 */
export class BufferedFile {
  private written = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private state: 'open' | 'finished' | 'discarded' = 'open';

  private constructor(
    readonly path: string,
    readonly handle: FileHandle,
    private readonly label: string,
  ) {}

  /** Opens (creating or truncating) `path`; `label` names the writer in errors ("MP3 writer"). */
  static async open(path: string, label: string): Promise<BufferedFile> {
    return new BufferedFile(path, await open(path, 'w'), label);
  }

  /** Bytes waiting for the next flush. */
  get buffered(): number {
    return this.pendingBytes;
  }

  /** Keeps `bytes` (not copied: the caller hands over an array it will not reuse) for the next flush. */
  keep(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle.write(data);
    this.written += data.length;
  }

  /** Flushes, closes and reports the file's size; `beforeClose` may still write in place (a header). */
  async finish(beforeClose?: (handle: FileHandle) => Promise<void>): Promise<{ bytes: number }> {
    this.assertOpen();
    await this.flush();
    await beforeClose?.(this.handle);
    this.state = 'finished';
    await this.handle.close();
    return { bytes: this.written };
  }

  /** Closes and deletes the file; safe to call more than once, and after `finish`. */
  async discard(): Promise<void> {
    if (this.state === 'discarded') return;
    const wasOpen = this.state === 'open';
    this.state = 'discarded';
    this.pending = [];
    if (wasOpen) await this.handle.close().catch(() => {});
    await rm(this.path, { force: true });
  }

  assertOpen(): void {
    if (this.state !== 'open') throw new Error(`${this.label} for ${this.path} is already ${this.state}`);
  }
}
