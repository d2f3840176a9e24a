import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { ArchiveBudget } from './budget';
import { asArchiveError } from './as-archive-error';
import { detectArchiveKind, looksLikeTar } from './detect';
import { quoteEntryName } from './entry-name';
import { tarEntryType } from './entry-types';
import { SitePlanBuilder, type PlannedFile, type SitePlan } from './site-plan';
import type { SiteFileSource } from './source';
import { ArchiveError, type ArchiveLimits, type SiteFile } from './types';

const TAR_BLOCK = 512;

/** Called synchronously by the tar parser for each entry; `emit` queues a finished file. */
type EntryHandler = (entry: ReadEntry, index: number, emit: (file: SiteFile) => void) => void;

/**
 * A gzip cannot be read out of order, so a tar.gz is read twice: a first
 * pass decompresses everything and discards the data, checking every rule
 * and cap on the real bytes and learning the top folder; only then does the
 * second pass hand out files. Nothing is ever written to disk.
 */
export async function openTarGzSource(filePath: string, limits: ArchiveLimits, archiveBytes: number): Promise<SiteFileSource> {
  const plan = await planTarGz(filePath, new ArchiveBudget(limits, archiveBytes));
  return {
    kind: 'tar.gz',
    plan,
    files: () => readFiles(filePath, plan, new ArchiveBudget(limits, archiveBytes)),
    // Each pass owns and closes its own streams.
    close: async () => undefined,
  };
}

async function planTarGz(filePath: string, budget: ArchiveBudget): Promise<SitePlan> {
  const builder = new SitePlanBuilder(budget);
  const scan: EntryHandler = (entry) => {
    const kept = builder.add({ name: entry.path, ...tarEntryType(entry.type), size: entry.size });
    if (kept) {
      const meter = budget.meter(entry.path);
      entry.on('data', (chunk: Buffer) => meter.add(chunk.length));
    }
    entry.resume();
  };
  for await (const _ of walkTarGz(filePath, budget, scan)) {
    // The scan handler never emits files.
  }
  return builder.finish();
}

async function* readFiles(filePath: string, plan: SitePlan, budget: ArchiveBudget): AsyncGenerator<SiteFile> {
  const byIndex = new Map<number, PlannedFile>(plan.files.map((file) => [file.index, file]));
  let seen = 0;
  const read: EntryHandler = (entry, index, emit) => {
    seen = index + 1;
    const expected = plan.entries[index];
    if (expected === undefined || expected.name !== entry.path || expected.type !== tarEntryType(entry.type).type) {
      throw changedWhileReading();
    }
    const file = byIndex.get(index);
    if (file === undefined) {
      entry.resume();
      return;
    }
    const meter = budget.meter(file.name);
    const chunks: Buffer[] = [];
    // 'end' first: an empty entry ends as soon as it starts flowing.
    entry.on('end', () => emit({ path: file.path, data: Buffer.concat(chunks, meter.bytes) }));
    entry.on('data', (chunk: Buffer) => {
      meter.add(chunk.length);
      chunks.push(chunk);
    });
  };
  yield* walkTarGz(filePath, budget, read);
  if (seen !== plan.entries.length) throw changedWhileReading();
}

function changedWhileReading(): ArchiveError {
  return new ArchiveError('corrupt', 'archive changed while it was being read');
}

async function* walkTarGz(filePath: string, budget: ArchiveBudget, handle: EntryHandler): AsyncGenerator<SiteFile> {
  const source = createReadStream(filePath);
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);

  const parser = new TarFeed(handle);
  let head: Buffer | null = Buffer.alloc(0);
  let streamBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      budget.countStream(chunk.length);
      streamBytes += chunk.length;
      let data = chunk;
      if (head !== null) {
        head = Buffer.concat([head, chunk]);
        if (head.length < TAR_BLOCK) continue;
        checkTarHead(head);
        data = head;
        head = null;
      }
      parser.write(data);
      yield* parser.takeReady();
    }
    if (head !== null) checkTarHead(head);
    // Tar is made of whole blocks; gzip integrity alone misses a tar cut before it was compressed.
    if (streamBytes % TAR_BLOCK !== 0) {
      throw new ArchiveError('corrupt', 'tar data is truncated (not a whole number of 512-byte blocks)');
    }
    parser.end();
    yield* parser.takeReady();
  } catch (err) {
    throw asArchiveError(err, 'tar.gz archive is corrupt');
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function checkTarHead(head: Buffer): void {
  // node-tar would silently inflate a gzip or zstd nested inside, past our byte counters.
  if (!looksLikeTar(head) || detectArchiveKind(head) !== null) {
    throw new ArchiveError('not_an_archive', 'gzip file does not contain a tar archive');
  }
}

/**
 * node-tar's Parser, driven chunk by chunk. Its events fire synchronously
 * inside write(), so failures are recorded there and rethrown afterwards
 * instead of being thrown through the parser's internals.
 */
class TarFeed {
  private readonly parser = new Parser({ strict: true, brotli: false, zstd: false });
  private readonly ready: SiteFile[] = [];
  private failure: unknown = null;
  private finished = false;
  private index = 0;

  constructor(handle: EntryHandler) {
    this.parser.on('error', (err: Error) => this.fail(err));
    // After the end-of-archive marker node-tar keeps buffering whatever follows; stop feeding it.
    this.parser.on('eof', () => {
      this.finished = true;
    });
    // Unknown types and oversized metadata are skipped by node-tar; we refuse them instead.
    this.parser.on('ignoredEntry', (entry: ReadEntry) => {
      this.fail(
        entry.meta
          ? new ArchiveError('corrupt', `tar metadata before ${quoteEntryName(entry.path)} is too large`)
          : new ArchiveError(
              'special_entry',
              `entry ${quoteEntryName(entry.path)} is a tar entry of type ${entry.type}; only regular files and folders are allowed`,
            ),
      );
      entry.resume();
    });
    this.parser.on('entry', (entry: ReadEntry) => {
      const index = this.index++;
      if (this.failure === null) {
        try {
          handle(entry, index, (file) => this.ready.push(file));
        } catch (err) {
          this.fail(err);
        }
      }
      // A failed or abandoned entry must still drain, or the parser stalls on it.
      if (this.failure !== null) entry.resume();
    });
  }

  write(chunk: Buffer): void {
    // Handlers' data listeners (the byte meters) throw from inside the parser's write.
    try {
      if (!this.finished) this.parser.write(chunk);
    } catch (err) {
      this.fail(err);
    }
    this.throwIfFailed();
  }

  end(): void {
    // A complete archive has ended already; ending the parser again would make it
    // report an archive with no entries as unrecognised instead of empty.
    try {
      if (!this.finished) this.parser.end();
    } catch (err) {
      this.fail(err);
    }
    this.throwIfFailed();
  }

  takeReady(): SiteFile[] {
    return this.ready.splice(0);
  }

  private fail(err: unknown): void {
    this.failure ??= err;
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw asArchiveError(this.failure, 'tar data is corrupt');
  }
}
