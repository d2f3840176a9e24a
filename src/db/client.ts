import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle: the same query surface as Db, so queries accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  close(): Promise<void>;
}

export interface ConnectOptions {
  max?: number;
  connectTimeoutSeconds?: number;
  /**
   * Named prepared statements. Off unless asked for: a transaction pooler (PgBouncer, pool_mode=transaction)
   * hands each transaction any server connection, where a statement prepared on another one does not exist;
   * postgres.js then re-prepares and retries it without a word. Through PgBouncer 1.18, a third of the
   * transactions it reported committed were not, with no error (test/db/pgbouncer.test.ts).
   */
  prepare?: boolean;
  /** Where the driver's notices and dropped connections go; without it they are dropped, as before. */
  log?: Logger;
}

/** Notices Postgres sends and postgres.js would otherwise swallow: WARNING and above are an operator's business. */
export function noticeLogger(log: Logger | undefined): (notice: postgres.Notice) => void {
  if (!log) return () => {};
  return (notice) => {
    const fields = { severity: notice.severity, code: notice.code, notice: notice.message, where: notice.where };
    if (notice.severity === 'WARNING') log.warn(fields, 'database warning');
    else log.debug(fields, 'database notice');
  };
}

export function connectDatabase(url: string, opts: ConnectOptions = {}): Database {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    connect_timeout: opts.connectTimeoutSeconds ?? 5,
    idle_timeout: 30,
    prepare: opts.prepare ?? false,
    onnotice: noticeLogger(opts.log),
    // postgres.js reconnects a closed connection on its next query without a word; its own idle timeout
    // closes them too, so this cannot tell a server's drop from ours and stays at debug.
    onclose: (connection) => opts.log?.debug({ connection }, 'database connection closed'),
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
