import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { fileConversations, fileConversationTurns } from '../schema';

/** A conversation lapses this long after its latest answer. */
export const CONVERSATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Earlier turns read back for a follow-up: enough for "and in 2023?" chains, small enough for a model's context. */
export const HISTORY_TURNS = 6;

export type ConversationRow = typeof fileConversations.$inferSelect;

export interface ConversationTurn {
  question: string;
  standalone: string;
  answer: string;
}

/** Another account's, or a lapsed, conversation is simply not found. */
export async function findAccountConversation(db: DbOrTx, accountId: string, id: string, now = new Date()): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(fileConversations)
    .where(and(eq(fileConversations.id, id), eq(fileConversations.accountId, accountId), gt(fileConversations.expiresAt, now)));
  return row ?? null;
}

/** The latest turns, oldest first. */
export async function recentTurns(db: DbOrTx, conversationId: string, accountId: string, limit = HISTORY_TURNS): Promise<ConversationTurn[]> {
  const rows = await db
    .select({ question: fileConversationTurns.question, standalone: fileConversationTurns.standalone, answer: fileConversationTurns.answer })
    .from(fileConversationTurns)
    .where(and(eq(fileConversationTurns.conversationId, conversationId), eq(fileConversationTurns.accountId, accountId)))
    .orderBy(desc(fileConversationTurns.createdAt), desc(fileConversationTurns.id))
    .limit(limit);
  return rows.reverse();
}

/**
 * Records an answered turn, creating the conversation on its first one and pushing its expiry on.
 * Idempotent by the turn's id (the chat job's), so a retried job does not add a second turn.
 */
export async function recordTurn(
  db: DbOrTx,
  turn: { id: string; conversationId: string; accountId: string; fileIds: string[] } & ConversationTurn,
  now = new Date(),
): Promise<void> {
  const expiresAt = new Date(now.getTime() + CONVERSATION_TTL_MS);
  await db
    .insert(fileConversations)
    .values({ id: turn.conversationId, accountId: turn.accountId, fileIds: turn.fileIds, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: fileConversations.id,
      set: { fileIds: turn.fileIds, expiresAt },
      // Never take over another account's conversation, whatever id a job carries.
      setWhere: sql`${fileConversations.accountId} = ${turn.accountId}`,
    });
  await db
    .insert(fileConversationTurns)
    .values({
      id: turn.id,
      conversationId: turn.conversationId,
      accountId: turn.accountId,
      question: turn.question,
      standalone: turn.standalone,
      answer: turn.answer,
    })
    .onConflictDoNothing();
}

/** For the maintenance sweep: lapsed conversations go with their turns. */
export async function deleteExpiredConversations(db: DbOrTx, now = new Date(), limit = 1000): Promise<number> {
  const rows = await db.execute(sql`
    DELETE FROM file_conversations WHERE id IN (
      SELECT id FROM file_conversations WHERE expires_at <= ${now.toISOString()}::timestamptz LIMIT ${limit}
    ) RETURNING id`);
  return rows.length;
}
