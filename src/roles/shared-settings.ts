import { createHash } from 'node:crypto';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { readInstallationSettings, recordInstallationSettings } from '../db/queries/installation';

type SharedName = 'PUBLIC_URL' | 'CDN_URL' | 'CDN_SIGNING_SECRET';

/**
 * The settings whose values end up in what one process writes and another answers with: workers write
 * absolute, signed CDN links into results, the web verifies the signatures and serves the links. The
 * secret is compared by a digest, never stored.
 */
export function sharedSettingsOf(config: Pick<Config, SharedName>): Record<SharedName, string> {
  return {
    PUBLIC_URL: config.PUBLIC_URL,
    CDN_URL: config.CDN_URL,
    CDN_SIGNING_SECRET: `sha256:${createHash('sha256').update(`kiln-cdn-signing-secret\0${config.CDN_SIGNING_SECRET}`).digest('hex')}`,
  };
}

/** What differs between the recorded settings and this process's, as one sentence per setting. */
export function sharedSettingDifferences(recorded: Record<string, string>, mine: Record<SharedName, string>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(mine) as [SharedName, string][]) {
    const theirs = recorded[name];
    if (theirs === undefined || theirs === value) continue;
    out.push(
      name === 'CDN_SIGNING_SECRET'
        ? 'CDN_SIGNING_SECRET differs from the one the installation was released with'
        : `${name} is ${value} here but ${theirs} for the installation`,
    );
  }
  return out;
}

export class SharedSettingsMismatch extends Error {}

/** The release names the installation's settings: a later release with new values changes them. */
export async function recordSharedSettings(db: DbOrTx, config: Config): Promise<void> {
  await recordInstallationSettings(db, sharedSettingsOf(config), true);
}

/**
 * Run by each web and worker as it starts: a process whose links would not match the others' refuses to
 * start, instead of writing `http://localhost:3000/cdn/…` (the default PUBLIC_URL) into results. Settings
 * not recorded yet (an installation older than this check) are recorded by the first process to start.
 */
export async function checkSharedSettings(db: DbOrTx, config: Config): Promise<void> {
  const mine = sharedSettingsOf(config);
  await recordInstallationSettings(db, mine, false);
  const differences = sharedSettingDifferences(await readInstallationSettings(db), mine);
  if (differences.length > 0)
    throw new SharedSettingsMismatch(
      `${differences.join('; ')}. Every process of an installation must share PUBLIC_URL, CDN_URL and CDN_SIGNING_SECRET ` +
        '(links one process writes, another serves); set them as the release had them, or run the release again with the new values.',
    );
}
