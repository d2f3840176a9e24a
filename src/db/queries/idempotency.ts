import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { idempotencyKeys } from '../schema';

/** How long a key is remembered (Stripe: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** A claim on a key: `lockedUntil` doubles as its fence, so a claim that was taken over cannot write over its successor. */
export interface IdempotencyClaim extends IdempotencyKeyOf {
  lockedUntil: Date;
}

/** Whose key it is: the API key that sent it, within its account. */
export interface IdempotencyKeyOf {
  accountId: string;
  apiKeyId: string;
  key: string;
}

const whereKey = (of: IdempotencyKeyOf) =>
  and(eq(idempotencyKeys.accountId, of.accountId), eq(idempotencyKeys.apiKeyId, of.apiKeyId), eq(idempotencyKeys.key, of.key));

const interval = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;
const claimOf = (of: IdempotencyKeyOf, row: { lockedUntil: Date } | undefined): IdempotencyClaim | null =>
  row ? { accountId: of.accountId, apiKeyId: of.apiKeyId, key: of.key, lockedUntil: row.lockedUntil } : null;

/** Claims an unused key (`in_progress` until `lockMs` from now); null when the key already has a row. */
export async function claimIdempotencyKey(db: DbOrTx, input: IdempotencyKeyOf & { requestHash: string; lockMs: number }): Promise<IdempotencyClaim | null> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({
      accountId: input.accountId,
      apiKeyId: input.apiKeyId,
      key: input.key,
      requestHash: input.requestHash,
      status: 'in_progress',
      lockedUntil: interval(input.lockMs),
      expiresAt: interval(IDEMPOTENCY_KEY_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ lockedUntil: idempotencyKeys.lockedUntil });
  return claimOf(input, row);
}

/**
 * Takes over a key whose row no longer counts: expired (not yet swept), or an `in_progress` claim for the
 * same request past its `locked_until` (the process that made it died). Null when the row still counts.
 */
export async function takeOverIdempotencyKey(db: DbOrTx, input: IdempotencyKeyOf & { requestHash: string; lockMs: number }): Promise<IdempotencyClaim | null> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({
      requestHash: input.requestHash,
      status: 'in_progress',
      responseStatus: null,
      responseHeaders: null,
      responseBody: null,
      createdAt: sql`now()`,
      lockedUntil: interval(input.lockMs),
      expiresAt: interval(IDEMPOTENCY_KEY_TTL_MS),
    })
    .where(
      and(
        whereKey(input),
        or(
          lt(idempotencyKeys.expiresAt, sql`now()`),
          and(eq(idempotencyKeys.status, 'in_progress'), lt(idempotencyKeys.lockedUntil, sql`now()`), eq(idempotencyKeys.requestHash, input.requestHash)),
        ),
      ),
    )
    .returning({ lockedUntil: idempotencyKeys.lockedUntil });
  return claimOf(input, row);
}

export async function findIdempotencyKey(db: DbOrTx, of: IdempotencyKeyOf): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(whereKey(of));
  return row ?? null;
}

const held = (claim: IdempotencyClaim) => and(whereKey(claim), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.lockedUntil, claim.lockedUntil));

/** Stores the final answer on a claimed key (`done`). False when the claim was taken over meanwhile. */
export async function completeIdempotencyKey(
  db: DbOrTx,
  claim: IdempotencyClaim,
  response: { status: number; headers: Record<string, string>; body: string },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: response.status, responseHeaders: response.headers, responseBody: response.body })
    .where(held(claim))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Gives a claimed key back (the request failed in a way a retry may fix): the next request with it runs. */
export async function releaseIdempotencyKey(db: DbOrTx, claim: IdempotencyClaim): Promise<void> {
  await db.delete(idempotencyKeys).where(held(claim));
}

/** Removes keys past their 24 hours; returns how many went. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
