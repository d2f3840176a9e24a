import type { Actor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
/**
 * Plagiarism sources an account owns (Copyleaks' private repositories): documents added through
 * `POST /v1/plagiarism/sources`, kept in the corpus tables with the account's id, matched only by that
 * account's checks. Creation and deletion are one function each (`createSource`, `deleteSource`) so every
 * face, and an audit trail, goes through the same place.
 */
import { createHash } from 'node:crypto';
import { announceStorageChange } from '../billing/usage-cache';
import {
  deleteAccountSource,
  findAccountSource,
  insertPendingSource,
  listAccountSources,
  markSourceFailed,
  type CorpusDocumentSummary,
} from '../db/queries/corpus';
import type { Page, PageRequest } from '../db/queries/keyset-page';
import { claimStorage, releaseStorage, type StorageRefusal } from '../db/queries/storage';
import type { CorpusDocumentStatus } from '../db/schema/corpus';
import { newId } from '../ids';
import type { Runtime } from '../runtime';
import { getPlagiarismIndex } from '.';

type Deps = Pick<Runtime, 'db' | 'queues' | 'usage' | 'redis' | 'channels' | 'log'>;

export interface NewSource {
  accountId: string;
  /** The label the account gives it (a URL or any name); unique among its sources. */
  url: string;
  title?: string | null;
  text: string;
  /** Bytes charged to the storage allowance: what was uploaded (the file, or the text's UTF-8 bytes). */
  sizeBytes: number;
  /** The plan's storage allowance in bytes. */
  allowance: number;
  /** Who adds it, for the audit trail (written in the same transaction as the source). */
  actor: Actor;
}

export type CreateSourceOutcome =
  | { created: CorpusDocumentSummary }
  | { storageRefused: StorageRefusal }
  /** The account already has a source with this label (its id). */
  | { duplicateOf: string };

const countWords = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

/**
 * Adds a `pending` source and queues its indexing (`plagiarism.source`, jobId = the source id). The row and
 * its storage charge are written in one transaction: a source that does not fit the allowance is not stored.
 * If the job cannot be queued the source is marked `failed` at once rather than left pending for ever.
 */
export async function createSource(deps: Deps, input: NewSource): Promise<CreateSourceOutcome> {
  const index = await getPlagiarismIndex();
  const id = newId('psrc');
  const url = input.url.trim();
  const outcome = await deps.db
    .transaction(async (tx): Promise<CreateSourceOutcome> => {
      const created = await insertPendingSource(tx, {
        id,
        accountId: input.accountId,
        url,
        title: input.title?.trim() || null,
        text: input.text,
        wordCount: countWords(input.text),
        tokenCount: 0,
        contentHash: createHash('sha256').update(input.text).digest('hex'),
        scheme: index.scheme,
        sizeBytes: input.sizeBytes,
      });
      if (!created) {
        const existing = await findSourceByUrl(deps, input.accountId, url);
        return { duplicateOf: existing ?? 'unknown' };
      }
      const refused = await claimStorage(tx, input.accountId, 'file', [{ objectId: id, bytes: input.sizeBytes }], input.allowance);
      if (refused) {
        // Rolls the source back with the claim.
        throw new StorageRefusedSignal(refused);
      }
      await recordAudit(tx, { accountId: input.accountId, actor: input.actor, action: 'plagiarism_source.created', target: id, detail: { url } });
      return { created };
    })
    .catch((err: unknown) => {
      if (err instanceof StorageRefusedSignal) return { storageRefused: err.refused } as const;
      throw err;
    });
  if (!('created' in outcome)) return outcome;
  await announceStorageChange(deps, input.accountId);
  try {
    await deps.queues.enqueue('plagiarism.source', { id }, { jobId: id, account: input.accountId });
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message }, sourceId: id }, 'could not queue a plagiarism source for indexing');
    const failed = await deps.db.transaction((tx) => markSourceFailed(tx, id, 'The source could not be queued for indexing; delete it and add it again.'));
    return { created: failed ?? outcome.created };
  }
  return outcome;
}

class StorageRefusedSignal extends Error {
  constructor(readonly refused: StorageRefusal) {
    super('storage refused');
  }
}

async function findSourceByUrl(deps: Pick<Deps, 'db'>, accountId: string, url: string): Promise<string | null> {
  return (await (await getPlagiarismIndex()).getDocument(deps.db, { url, accountId }))?.id ?? null;
}

/**
 * Deletes one of the account's sources: its row, its fingerprints (by cascade, in the same statement) and
 * its storage charge, in one transaction; a check that starts afterwards cannot match it. Null when the
 * account has no such source (another account's is no different from none).
 */
export async function deleteSource(deps: Deps, accountId: string, id: string, actor: Actor): Promise<CorpusDocumentSummary | null> {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await deleteAccountSource(tx, accountId, id);
    if (row) {
      await releaseStorage(tx, accountId, id);
      await recordAudit(tx, { accountId, actor, action: 'plagiarism_source.deleted', target: id, detail: { url: row.url } });
    }
    return row;
  });
  if (deleted) await announceStorageChange(deps, accountId);
  return deleted;
}

export async function getSource(deps: Pick<Deps, 'db'>, accountId: string, id: string): Promise<CorpusDocumentSummary | null> {
  return findAccountSource(deps.db, accountId, id);
}

export async function listSources(
  deps: Pick<Deps, 'db'>,
  accountId: string,
  filters: { status?: CorpusDocumentStatus },
  page: PageRequest,
): Promise<Page<CorpusDocumentSummary>> {
  return listAccountSources(deps.db, accountId, filters, page);
}
