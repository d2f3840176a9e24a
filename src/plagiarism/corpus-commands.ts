import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { QueueEvents, type Job } from 'bullmq';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { guardedFetchBuffer } from '../net/guarded-fetch';
import { Queues } from '../queue/queues';
import { createRedis } from '../redis';
import { Keyspace } from '../redis-keys';
import { getDocument, listDocuments, readableDocument, removeDocument } from '.';

/** Documents per `corpus.index` job: big enough to amortise a transaction, small enough for Redis. */
const IMPORT_BATCH = 250;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const WAIT_MS = 10 * 60_000;

export class CorpusCommandError extends Error {}

interface CorpusDoc {
  url: string;
  text: string;
  title?: string;
  accountId?: string;
}

const looksLikeHtml = (text: string, contentType?: string | null) => /html/i.test(contentType ?? '') || /^\s*(<!doctype html|<html|<head|<body)/i.test(text);

function checkUrl(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new CorpusCommandError(`--url must be an http(s) URL (got "${url}")`);
  return url;
}

/** Enqueues documents in batches and waits for a worker to index each; progress goes to `say`. */
async function indexThroughQueue(config: Config, docs: AsyncIterable<CorpusDoc> | Iterable<CorpusDoc>, say: (line: string) => void): Promise<number> {
  const keyspace = new Keyspace(config);
  const redis = createRedis(config, 'command');
  const eventsConnection = createRedis(config, 'worker');
  const events = new QueueEvents('corpus', { connection: eventsConnection, prefix: keyspace.queuePrefix('corpus') });
  const queues = new Queues(redis, keyspace);
  try {
    await events.waitUntilReady();
    const pending: Job[] = [];
    let batch: CorpusDoc[] = [];
    let queued = 0;
    let done = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const job = await queues.get('corpus').add('corpus.index', { documents: batch });
      queued += batch.length;
      batch = [];
      pending.push(job);
    };
    const settle = async (job: Job) => {
      try {
        await job.waitUntilFinished(events, WAIT_MS);
      } catch (err) {
        const message = (err as Error).message;
        throw new CorpusCommandError(
          /timed out|timeout/i.test(message)
            ? `no worker indexed the batch within ${WAIT_MS / 1000} s: is a worker running the corpus queue?`
            : `indexing failed: ${message}`,
        );
      }
      done += (job.data as { documents: unknown[] }).documents.length;
      say(`indexed ${done} of ${queued} documents queued so far`);
    };
    for await (const doc of docs) {
      batch.push(doc);
      if (batch.length >= IMPORT_BATCH) await flush();
      // Keep a few batches in flight, not the whole file in Redis.
      while (pending.length >= 4) await settle(pending.shift()!);
    }
    await flush();
    while (pending.length) await settle(pending.shift()!);
    return done;
  } finally {
    await events.close();
    await queues.close();
    // BullMQ leaves connections it was given open; these are ours to close.
    eventsConnection.disconnect();
    redis.disconnect();
  }
}

/** `corpus add`: the page at URL (or the file at PATH as that URL's content), HTML reduced to its readable text. */
export async function addCorpusDocument(db: Db, config: Config, opts: { url: string; file?: string; accountId?: string }, say: (line: string) => void) {
  const url = checkUrl(opts.url);
  let raw: string;
  let contentType: string | null = null;
  if (opts.file) {
    raw = await readFile(opts.file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new CorpusCommandError(`cannot read --file ${opts.file}: ${err.code ?? err.message}`);
    });
  } else {
    try {
      const got = await guardedFetchBuffer(url, { allowPrivate: config.FETCH_ALLOW_PRIVATE, maxBytes: PAGE_MAX_BYTES, timeoutMs: config.FETCH_TIMEOUT_MS });
      raw = got.body.toString('utf8');
      contentType = got.contentType;
    } catch (err) {
      throw new CorpusCommandError(`cannot fetch ${url}: ${(err as Error).message}`);
    }
  }
  const { title, text } = looksLikeHtml(raw, contentType) ? readableDocument(raw) : { title: null, text: raw };
  if (text.trim() === '') throw new CorpusCommandError(`${url} has no readable text`);
  await indexThroughQueue(config, [{ url, text, ...(title ? { title } : {}), ...(opts.accountId ? { accountId: opts.accountId } : {}) }], say);
  const doc = await getDocument(db, { url, accountId: opts.accountId ?? null });
  if (!doc) throw new CorpusCommandError(`${url} was indexed but cannot be read back`);
  return { id: doc.id, url: doc.url, words: doc.wordCount };
}

/** `corpus import`: one `{"url","text"}` object per line; a bad line stops the import with its line number. */
export async function importCorpus(config: Config, opts: { jsonl: string; accountId?: string }, say: (line: string) => void) {
  async function* documents(): AsyncGenerator<CorpusDoc> {
    const lines = createInterface({ input: createReadStream(opts.jsonl, 'utf8'), crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (line.trim() === '') continue;
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw new CorpusCommandError(`${opts.jsonl}:${n}: not valid JSON`);
      }
      const { url, text, title } = (row ?? {}) as { url?: unknown; text?: unknown; title?: unknown };
      if (typeof url !== 'string' || typeof text !== 'string') throw new CorpusCommandError(`${opts.jsonl}:${n}: needs string "url" and "text"`);
      checkUrl(url);
      yield { url, text, ...(typeof title === 'string' ? { title } : {}), ...(opts.accountId ? { accountId: opts.accountId } : {}) };
    }
  }
  const imported = await indexThroughQueue(config, documents(), say);
  return { imported };
}

export async function listCorpus(db: Db, opts: { accountId?: string }) {
  const docs = await listDocuments(db, { accountId: opts.accountId ?? null, limit: 1000 });
  return { documents: docs.map((d) => ({ id: d.id, url: d.url, words: d.wordCount, updated_at: d.updatedAt.toISOString() })) };
}

export async function removeCorpusDocument(db: Db, id: string, accountId?: string) {
  if (!(await removeDocument(db, { id, accountId: accountId ?? null }))) throw new CorpusCommandError(`no corpus document ${id}`);
  return { id, removed: true };
}
