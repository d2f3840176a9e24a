import { and, asc, eq, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { jobs, type JobError } from '../schema';

export type JobRow = typeof jobs.$inferSelect;

/** `keyId` is the API key the request came with (null for a row no key asked for), so its bill can name the key. */
export async function insertJob(db: DbOrTx, row: { id: string; accountId: string; keyId: string | null; kind: string; input: unknown }): Promise<JobRow> {
  const [inserted] = await db.insert(jobs).values(row).returning();
  return inserted!;
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Another account's job is simply not found. */
export async function findAccountJob(db: DbOrTx, accountId: string, id: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId)));
  return row ?? null;
}

/** Claims the row for an attempt; returns null when it is already finished (a duplicate delivery). */
export async function startJobAttempt(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/** The finished row, or null when it was already finished, so the caller's transaction must not bill again. */
export async function completeJob(db: DbOrTx, id: string, result: unknown): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'succeeded', result, error: null, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobs.id, id), ne(jobs.status, 'succeeded')))
    .returning();
  return row ?? null;
}

/** The failed row, or null when it had already finished (succeeded, or failed before): nothing changed. */
export async function failJob(db: DbOrTx, id: string, error: JobError): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'failed', error, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobs.id, id), notInArray(jobs.status, ['succeeded', 'failed'])))
    .returning();
  return row ?? null;
}

/**
 * Rows whose job may have been lost: still `queued` after `queuedBefore` (the enqueue failed, Redis was
 * down) or `running` without progress since `runningBefore` (Redis lost the job with its worker).
 */
export async function findStaleJobs(db: DbOrTx, queuedBefore: Date, runningBefore: Date, limit: number) {
  return db
    .select({ id: jobs.id, kind: jobs.kind, accountId: jobs.accountId })
    .from(jobs)
    .where(or(and(eq(jobs.status, 'queued'), lt(jobs.createdAt, queuedBefore)), and(eq(jobs.status, 'running'), lt(jobs.updatedAt, runningBefore))))
    .orderBy(asc(jobs.createdAt))
    .limit(limit);
}
