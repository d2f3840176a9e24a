import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import type { Logger } from '../logger';
import { noticeLogger } from './client';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 4_727_001;

/** The same server and credentials as `url`, another database. */
export function databaseUrlNamed(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  return name;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withAdmin<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrlNamed(url, 'postgres'), { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 5 });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Creates the database named in `url` when it does not exist yet (first start on a fresh machine). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseNameOf(url);
  return withAdmin(url, async (sql) => {
    const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (found.length > 0) return false;
    try {
      await sql.unsafe(`CREATE DATABASE ${quoteIdentifier(name)}`);
      return true;
    } catch (err) {
      // Another process created it between our check and our CREATE: either "already exists" or,
      // when both CREATEs race inside the catalog, a unique violation on pg_database.
      const code = (err as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw err;
    }
  });
}

/** Drops the database named in `url`, ending connections still open to it (the bench's and evals' throwaways). */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  await withAdmin(url, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
}

/**
 * Applies pending migrations, in one transaction that first takes a transaction-scoped advisory lock, so two
 * release processes starting together apply them once: the second waits, then finds nothing to do. The lock
 * lives and dies with the transaction, which is what a transaction pooler (PgBouncer, pool_mode=transaction)
 * keeps on one server connection; a session lock (pg_advisory_lock) would be taken on one server connection
 * and released on another ("you don't own a lock"), leaving it held for every later release.
 * drizzle's own migrator cannot do this: it reads the last applied migration outside its transaction.
 * This keeps its journal table (drizzle.__drizzle_migrations) and its rule (apply what is newer than the
 * newest row), so databases it migrated carry on.
 */
export async function runMigrations(url: string, log?: Logger): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const sql = postgres(url, { max: 1, prepare: false, onnotice: noticeLogger(log), connect_timeout: 5 });
  try {
    await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID}::bigint)`;
      await tx`CREATE SCHEMA IF NOT EXISTS drizzle`;
      await tx`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`;
      const [last] = await tx<{ created_at: string }[]>`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`;
      for (const migration of migrations) {
        if (last && Number(last.created_at) >= migration.folderMillis) continue;
        for (const statement of migration.sql) await tx.unsafe(statement);
        await tx`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`;
      }
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}
