import { unavailableDependency } from '../errors/infra-errors';

/** How to create and migrate the database: `npm start` runs the release step first; so does the Procfile's release process. */
export const MIGRATE_HINT = 'run `npm start` once (or `node --import tsx src/main.ts release`) to create and migrate it';

function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}

/**
 * Puts the database states a fresh setup trips on in plain words: not created yet, not migrated, not
 * reachable. Anything else (a bug, a constraint) is null, left for the caller's generic message.
 */
export function databaseProblem(err: unknown, databaseUrl: string): { code: string; message: string } | null {
  const u = new URL(databaseUrl);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  const codes = codesOf(err);
  // 3D000 invalid_catalog_name: the database named in DATABASE_URL does not exist.
  if (codes.includes('3D000')) return { code: 'database_missing', message: `database ${name} does not exist: ${MIGRATE_HINT}` };
  // 42P01 undefined_table: the database exists but its tables were never (or not fully) created.
  if (codes.includes('42P01')) return { code: 'database_not_migrated', message: `database ${name} is not migrated: ${MIGRATE_HINT}` };
  if (unavailableDependency(err) === 'Postgres') {
    return { code: 'database_unreachable', message: `cannot reach Postgres at ${u.hostname}:${u.port || 5432} (DATABASE_URL): is it running?` };
  }
  return null;
}
