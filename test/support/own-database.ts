import postgres from 'postgres';
import { createLogger } from '../../src/logger';
import { release } from '../../src/roles/release';
import { testConfig, testEnv } from './runtime';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated database for one test file, beside the run's shared one. For tests whose processes act on
 * every row of their database (the webhook relay, the maintenance sweeps): on the shared one they would
 * take other files' rows, and other files' processes theirs. `prefix` names it for a person looking at
 * what a crashed run left behind.
 */
export async function createOwnDatabase(prefix: string): Promise<OwnDatabase> {
  const own = new URL(testEnv().DATABASE_URL!);
  const adminUrl = own.toString();
  own.pathname = `/${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  await release(testConfig({ DATABASE_URL: own.toString() }), createLogger({ level: 'silent', role: 'test' }));
  return {
    url: own.toString(),
    async drop() {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${own.pathname.slice(1)}" WITH (FORCE)`).finally(() => admin.end());
    },
  };
}
