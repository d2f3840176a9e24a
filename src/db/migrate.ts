import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

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
  const sql = postgres(databaseUrlNamed(url, 'postgres'), { max: 1, onnotice: () => {}, connect_timeout: 5 });
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
 * Applies pending migrations. drizzle's migrator takes no lock of its own, so two release processes
 * starting together would race; a session advisory lock makes the second wait and then find nothing to do.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
