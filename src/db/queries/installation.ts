import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { installationSettings } from '../schema';

/**
 * Records settings by name. `replace` (the release: the operator's deploy step names the installation's
 * settings) overwrites what was recorded; otherwise only names not yet recorded are written.
 */
export async function recordInstallationSettings(db: DbOrTx, values: Record<string, string>, replace: boolean): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({ name, value }));
  if (rows.length === 0) return;
  const insert = db.insert(installationSettings).values(rows);
  if (replace) await insert.onConflictDoUpdate({ target: installationSettings.name, set: { value: sql`excluded.value`, recordedAt: sql`now()` } });
  else await insert.onConflictDoNothing();
}

export async function readInstallationSettings(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db.select({ name: installationSettings.name, value: installationSettings.value }).from(installationSettings);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}
