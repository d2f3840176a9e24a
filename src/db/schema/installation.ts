import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Settings every process of one installation must share (the links workers write are built from them):
 * recorded by the release, compared by each web and worker as it starts. The signing secret is kept as a
 * digest only.
 */
export const installationSettings = pgTable('installation_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
