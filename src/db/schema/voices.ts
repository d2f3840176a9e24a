import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { SpeakerProfile, VoiceSettings } from '../../engines/voice/types';
import { accountIdColumn } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export type VoiceStatus = 'processing' | 'ready' | 'failed';

/**
 * Cloned voices. Built-in voices are a catalogue in code; only an account's own clones live here. The
 * engine speaks a clone through `settings`, derived from the speaker `profile` measured in the sample.
 */
export const voices = pgTable(
  'voices',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    status: text('status').$type<VoiceStatus>().notNull().default('processing'),
    /** Where the sample is downloaded from (a JSON clone), or null for an uploaded sample. */
    sampleUrl: text('sample_url'),
    /**
     * The uploaded sample's object in blob storage (a multipart clone), or null for a downloaded one: workers
     * on any machine read it from there. Removed once the clone is ready or failed, or the voice is deleted.
     */
    sampleKey: text('sample_key'),
    error: text('error'),
    profile: jsonb('profile').$type<SpeakerProfile>(),
    settings: jsonb('settings').$type<VoiceSettings>(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('voices_account_idx').on(t.accountId, t.createdAt),
    index('voices_status_idx').on(t.status, t.createdAt),
    // A clone's sample comes from exactly one place.
    check('voices_one_sample', sql`(${t.sampleUrl} is null) <> (${t.sampleKey} is null)`),
  ],
);
