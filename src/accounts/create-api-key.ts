import type { DbOrTx } from '../db/client';
import { insertApiKey, type NewApiKey } from '../db/queries/accounts';
import { generateApiKey } from './api-key';

/** Creates a key and returns the only copy of its secret: the database keeps its SHA-256 and display prefix. */
export async function createApiKey(db: DbOrTx, input: NewApiKey) {
  const fresh = generateApiKey();
  const row = await insertApiKey(db, { ...input, hash: fresh.hash, displayPrefix: fresh.displayPrefix });
  return { ...row, key: fresh.key };
}
