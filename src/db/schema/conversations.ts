import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A file chat conversation: the files it is about and when it lapses. Created by its first answered turn;
 * each answered turn pushes `expires_at` on, so a conversation in use never lapses mid-way.
 */
export const fileConversations = pgTable(
  'file_conversations',
  {
    /** `conv_…` */
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    /** The files the latest turn was asked of, in the order given. */
    fileIds: text('file_ids').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('file_conversations_account_idx').on(t.accountId), index('file_conversations_expiry_idx').on(t.expiresAt)],
);

/** One answered question of a conversation; `id` is the chat job's id, so a retried job writes its turn once. */
export const fileConversationTurns = pgTable(
  'file_conversation_turns',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => fileConversations.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    /** As asked. */
    question: text('question').notNull(),
    /** The question with the earlier turns' subject carried over, as the local engine searched for it. */
    standalone: text('standalone').notNull(),
    answer: text('answer').notNull(),
    createdAt: ts('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('file_conversation_turns_conversation_idx').on(t.conversationId, t.createdAt)],
);
