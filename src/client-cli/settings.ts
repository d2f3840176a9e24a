import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { configError } from './errors';

export const DEFAULT_API_URL = 'http://localhost:3000';

/** What `kiln login` keeps: one server and its key. */
export interface StoredConfig {
  api_url?: string;
  api_key?: string;
}

/** Where the key lives: $XDG_CONFIG_HOME/kiln/config.json, else ~/.config/kiln/config.json (as the XDG base directory spec says). */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME?.trim() ? env.XDG_CONFIG_HOME : join(env.HOME?.trim() ? env.HOME : homedir(), '.config');
  return join(base, 'kiln', 'config.json');
}

export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw configError(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    const { api_url, api_key } = parsed as Record<string, unknown>;
    return { ...(typeof api_url === 'string' ? { api_url } : {}), ...(typeof api_key === 'string' ? { api_key } : {}) };
  } catch (err) {
    throw configError(`${path} is not valid (${(err as Error).message}); fix it or run kiln login again`);
  }
}

/**
 * Written whole to a temporary file created 0600 and renamed over the old one, so the key is never readable by
 * others, not even for a moment, and a crash leaves the old file or the new one. The folder is 0700.
 */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    await chmod(tmp, 0o600); // the mode above is masked by the umask; this is not
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw configError(`cannot write ${path}: ${(err as Error).message}`);
  }
}

export interface Settings {
  apiUrl: string;
  apiKey: string | undefined;
  /** Where the key came from, for messages that say which one to fix. */
  keyFrom: 'KILN_API_KEY' | 'config' | undefined;
  configPath: string;
}

/** The server: --api-url, then KILN_API_URL, then the one stored by login. The key: KILN_API_KEY, then the stored one. */
export function resolveSettings(flagUrl: string | undefined, env: NodeJS.ProcessEnv, stored: StoredConfig, path: string): Settings {
  const rawUrl = flagUrl ?? (env.KILN_API_URL?.trim() || undefined) ?? stored.api_url ?? DEFAULT_API_URL;
  const envKey = env.KILN_API_KEY?.trim() || undefined;
  return {
    apiUrl: normalizeApiUrl(rawUrl),
    apiKey: envKey ?? stored.api_key,
    keyFrom: envKey ? 'KILN_API_KEY' : stored.api_key ? 'config' : undefined,
    configPath: path,
  };
}

export function normalizeApiUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw configError(`the API URL ${JSON.stringify(raw)} is not a URL (e.g. http://localhost:3000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw configError(`the API URL must be http(s), not ${url.protocol}`);
  // The server's root, without /v1: requests add it (a trailing /v1 is forgiven, people copy it from the docs).
  return url.toString().replace(/\/+$/, '').replace(/\/v1$/, '');
}
