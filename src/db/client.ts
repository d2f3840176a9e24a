import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
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

export function connectDatabase(url: string, opts: { max?: number; connectTimeoutSeconds?: number } = {}): Database {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    connect_timeout: opts.connectTimeoutSeconds ?? 5,
    idle_timeout: 30,
    onnotice: () => {},
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
