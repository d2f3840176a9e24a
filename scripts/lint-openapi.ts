// Lints the OpenAPI document the API serves, as its users' tools read it: Redocly CLI (strict: a warning is an
// error) and Spectral's `oas` ruleset (failing on any warning). Generated in-process from the routes' own
// schemas, so it needs no running server. Usage: npm run lint:openapi
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'kiln-openapi-'));
const doc = join(dir, 'openapi.json');
const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
// Redocly CLI reports usage and checks for updates over the network unless told not to; this runs offline.
const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = quiet) => spawnSync(cmd, args, { stdio: 'inherit', env, cwd: root }).status === 0;

/**
 * Generates a client's types from the document (openapi-typescript) and type-checks scripts/openapi-client/check.ts
 * against them, in a folder under node_modules so that `openapi-fetch` resolves.
 */
function typedClientCompiles(document: string): boolean {
  const folder = join(root, 'node_modules', '.cache', 'kiln-openapi-client');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(import.meta.dirname, 'openapi-client', 'check.ts'), join(folder, 'check.ts'));
  return (
    run(bin('openapi-typescript'), [document, '--output', join(folder, 'kiln-api.d.ts'), '--silent']) &&
    run(bin('tsc'), [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      join(folder, 'check.ts'),
    ])
  );
}

try {
  // The servers entry is PUBLIC_URL: lint it as an installation would serve it, not as localhost.
  const env = { ...quiet, PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://api.kiln.internal', LOG_LEVEL: 'warn' };
  if (!run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'openapi-document.ts'), doc], env)) process.exit(1);
  const redocly = run(bin('redocly'), ['lint', '--config', 'redocly.yaml', doc]);
  const spectral = run(bin('spectral'), ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', doc]);
  const client = typedClientCompiles(doc);
  if (!redocly || !spectral || !client) {
    const failed = [!redocly && 'Redocly', !spectral && 'Spectral', !client && 'the typed client (openapi-typescript + openapi-fetch)'];
    console.error(`OpenAPI lint failed: ${failed.filter(Boolean).join(', ')}.`);
    process.exit(1);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
