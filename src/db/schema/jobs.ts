import { type ErrorCode, statusOf } from '../../errors/codes';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A final failure as the API will answer it; `status` is always the code's own (made by `jobError`). */
export interface JobError {
  status: number;
  code: ErrorCode;
  message: string;
}

export const jobError = (code: ErrorCode, message: string): JobError => ({ status: statusOf(code), code, message });

/**
 * One row per request served over the queue. The row id is the public resource id (img_…) and the
 * BullMQ jobId, so a job enqueued twice is one job, and GET /v1/jobs/{id} reads the stored answer.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    kind: text('kind').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    input: jsonb('input').notNull(),
    /** The API key the request came with, so its bill can say which key spent it. */
    keyId: text('key_id'),
    /** The finished response body, exactly as the original endpoint answers it. */
    result: jsonb('result'),
    error: jsonb('error').$type<JobError>(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('jobs_account_idx').on(t.accountId, t.createdAt), index('jobs_status_idx').on(t.status, t.updatedAt)],
);
