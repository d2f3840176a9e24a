import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SpeakerProfile, VoiceSettings } from '../../engines/voice/types';
import type { DbOrTx } from '../client';
import { voices } from '../schema';
import { keysetPage, type Page, type PageRequest } from './keyset-page';

export type VoiceRow = typeof voices.$inferSelect;

/** A sample comes from exactly one place: an address to download, or an uploaded object in blob storage. */
export async function insertVoice(
  db: DbOrTx,
  row: { id: string; accountId: string; name: string } & ({ sampleUrl: string; sampleKey?: undefined } | { sampleKey: string; sampleUrl?: undefined }),
): Promise<VoiceRow> {
  const [inserted] = await db.insert(voices).values(row).returning();
  return inserted!;
}

/** Another account's voice is simply not found. */
export async function findAccountVoice(db: DbOrTx, accountId: string, id: string): Promise<VoiceRow | null> {
  const [row] = await db
    .select()
    .from(voices)
    .where(and(eq(voices.id, id), eq(voices.accountId, accountId)));
  return row ?? null;
}

export async function listAccountVoices(db: DbOrTx, accountId: string): Promise<VoiceRow[]> {
  return db.select().from(voices).where(eq(voices.accountId, accountId)).orderBy(asc(voices.createdAt), asc(voices.id));
}

/** The dashboard's list: the account's clones newest first, a keyset page at a time. */
export async function pageAccountVoices(db: DbOrTx, accountId: string, page: PageRequest): Promise<Page<VoiceRow>> {
  return keysetPage(voices, page, ({ where, orderBy, limit }) =>
    db
      .select()
      .from(voices)
      .where(and(eq(voices.accountId, accountId), where))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/** True when a row was removed. */
export async function deleteAccountVoice(db: DbOrTx, accountId: string, id: string): Promise<{ id: string; name: string } | null> {
  const [gone] = await db
    .delete(voices)
    .where(and(eq(voices.id, id), eq(voices.accountId, accountId)))
    .returning({ id: voices.id, name: voices.name });
  return gone ?? null;
}

/** Claims a clone for an attempt; null when it is finished or was deleted (a duplicate or late delivery). */
export async function startCloneAttempt(db: DbOrTx, id: string): Promise<VoiceRow | null> {
  const [row] = await db
    .update(voices)
    .set({ attempts: sql`${voices.attempts} + 1`, startedAt: sql`coalesce(${voices.startedAt}, now())` })
    .where(and(eq(voices.id, id), eq(voices.status, 'processing')))
    .returning();
  return row ?? null;
}

/** The voice now `ready`, or null when it had already finished or was deleted (nothing changed). */
export async function completeClone(db: DbOrTx, id: string, profile: SpeakerProfile, settings: VoiceSettings): Promise<VoiceRow | null> {
  const [row] = await db
    .update(voices)
    .set({ status: 'ready', profile, settings, error: null, finishedAt: new Date() })
    .where(and(eq(voices.id, id), eq(voices.status, 'processing')))
    .returning();
  return row ?? null;
}

/** The voice now `failed`, or null when it had already finished or was deleted (nothing changed). */
export async function failClone(db: DbOrTx, id: string, error: string): Promise<VoiceRow | null> {
  const [row] = await db
    .update(voices)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(voices.id, id), eq(voices.status, 'processing')))
    .returning();
  return row ?? null;
}

/** Clones still `processing` long after they were queued or started: their job was lost. */
export async function findStaleClones(db: DbOrTx, queuedBefore: Date, startedBefore: Date, limit: number) {
  return db
    .select({ id: voices.id, accountId: voices.accountId })
    .from(voices)
    .where(and(eq(voices.status, 'processing'), or(and(isNull(voices.startedAt), lt(voices.createdAt, queuedBefore)), lt(voices.startedAt, startedBefore))))
    .limit(limit);
}
