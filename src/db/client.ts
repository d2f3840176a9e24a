import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { OpenConnections } from './open-connections';
import { PoolGate } from './pool-gate';
import { pooledSql } from './pooled-sql';
import { watchedSocket } from './watched-socket';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle: the same query surface as Db, so queries accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** What the pool metrics read at each scrape. */
export interface PoolUsage {
  /** DATABASE_POOL_SIZE: the most connections the pool opens. */
  readonly size: number;
  /** Connections open (or opening) now. */
  readonly open: number;
  /** Statements and transactions running, each on a connection of its own. */
  readonly inUse: number;
  /** Statements and transactions waiting for a free connection (each until DATABASE_POOL_TIMEOUT_MS). */
  readonly waiting: number;
}

export interface Database {
  db: Db;
  /**
   * The postgres.js client. `unsafe` and `begin` wait for a free connection with a deadline and count in
   * the pool metrics, as drizzle's statements do; tagged templates (tests, tools) pass straight through.
   */
  sql: postgres.Sql;
  pool: PoolUsage;
  close(): Promise<void>;
}

export interface DatabaseDeadlines {
  max?: number;
  /** How long opening a connection may take (TCP, TLS, authentication). */
  connectTimeoutMs?: number;
  /** How long a statement's answer may take; a connection silent for longer is given up on. */
  queryTimeoutMs?: number;
  /**
   * How long a statement or transaction may wait for a connection: for a free one of the pool, and while
   * the server refuses more (too_many_connections). Nothing is sent when it runs out. The runtime passes
   * DATABASE_POOL_TIMEOUT_MS; without it (the CLI, the release role, scripts: one small pool and statements
   * of their own in line, nobody waiting for a 503) a minute.
   */
  poolTimeoutMs?: number;
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

/** Slack past the deadline before a silent connection is given up on. */
const ANSWER_MARGIN_MS = 500;

/** Notices Postgres sends and postgres.js would otherwise swallow: WARNING and above are an operator's business. */
export function noticeLogger(log: Logger | undefined): (notice: postgres.Notice) => void {
  if (!log) return () => {};
  return (notice) => {
    const fields = { severity: notice.severity, code: notice.code, notice: notice.message, where: notice.where };
    if (notice.severity === 'WARNING') log.warn(fields, 'database warning');
    else log.debug(fields, 'database notice');
  };
}

export function connectDatabase(url: string, opts: DatabaseDeadlines = {}): Database {
  const queryTimeoutMs = opts.queryTimeoutMs ?? 2_000;
  const max = opts.max ?? 10;
  const connections = new OpenConnections();
  const gate = new PoolGate(max);
  const raw = postgres(url, {
    max,
    // postgres.js counts in seconds; fractions work (it multiplies by 1000).
    connect_timeout: (opts.connectTimeoutMs ?? 2_000) / 1000,
    idle_timeout: 30,
    // Its default backoff between reconnects grows to 10-20 s during an outage, and a query waits for it:
    // requests hung until the database was back instead of answering 503. A failed attempt is cheap.
    backoff: () => 0.05 + Math.random() * 0.05,
    // The socket watch below ends a statement whose answer does not come in time, whether the server is gone
    // or still at work. Not `statement_timeout` as a startup parameter: PgBouncer refuses unknown ones with
    // its default settings (`unsupported startup parameter`), and Kiln must work behind it unchanged.
    prepare: opts.prepare ?? false,
    onnotice: noticeLogger(opts.log),
    // postgres.js reconnects a closed connection on its next query without a word; its own idle timeout
    // closes them too, so this cannot tell a server's drop from ours and stays at debug.
    onclose: (connection) => opts.log?.debug({ connection }, 'database connection closed'),
    // Supported by postgres.js (it calls it for every connection) though missing from its types.
    ...({
      socket: (options: Parameters<typeof watchedSocket>[0]) => connections.add(watchedSocket(options, queryTimeoutMs + ANSWER_MARGIN_MS)),
    } as object),
  });
  const sql = pooledSql(raw, gate, opts.poolTimeoutMs ?? 60_000);
  const db = drizzle(sql, { schema });
  const pool: PoolUsage = {
    size: max,
    get open() {
      return connections.count;
    },
    get inUse() {
      return gate.inUse;
    },
    get waiting() {
      return gate.waiting;
    },
  };
  return { db, sql, pool, close: () => raw.end({ timeout: 5 }) };
}
