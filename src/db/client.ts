import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { retryWhileServerFull } from './server-full-retry';
import { watchedSocket } from './watched-socket';
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

export interface DatabaseDeadlines {
  max?: number;
  /** How long opening a connection may take (TCP, TLS, authentication). */
  connectTimeoutMs?: number;
  /** How long one statement may run (the server's statement_timeout); a server silent for longer is given up on. */
  queryTimeoutMs?: number;
  /** How long a query may keep retrying while the server refuses more connections (too_many_connections). */
  poolTimeoutMs?: number;
}

/** What a statement that outran statement_timeout may take to come back with its error before the server counts as gone. */
const ANSWER_MARGIN_MS = 500;

export function connectDatabase(url: string, opts: DatabaseDeadlines = {}): Database {
  const queryTimeoutMs = opts.queryTimeoutMs ?? 2_000;
  const sql = postgres(url, {
    max: opts.max ?? 10,
    // postgres.js counts in seconds; fractions work (it multiplies by 1000).
    connect_timeout: (opts.connectTimeoutMs ?? 2_000) / 1000,
    idle_timeout: 30,
    // Its default backoff between reconnects grows to 10-20 s during an outage, and a query waits for it:
    // requests hung until the database was back instead of answering 503. A failed attempt is cheap.
    backoff: () => 0.05 + Math.random() * 0.05,
    // The server ends a statement that runs too long; the socket watch below ends a server that says nothing.
    connection: { statement_timeout: queryTimeoutMs },
    onnotice: () => {},
    // Supported by postgres.js (it calls it for every connection) though missing from its types.
    ...({ socket: (options: Parameters<typeof watchedSocket>[0]) => watchedSocket(options, queryTimeoutMs + ANSWER_MARGIN_MS) } as object),
  });
  const db = drizzle(retryWhileServerFull(sql, opts.poolTimeoutMs ?? 5_000), { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
