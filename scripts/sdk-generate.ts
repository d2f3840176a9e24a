// Regenerates the SDK's types (packages/sdk/src/schema.d.ts) from the OpenAPI document the API serves at
// /openapi.json, built in-process from the routes' own schemas (scripts/openapi-document.ts), with
// openapi-typescript. `--check` writes nothing and exits 1 when the committed file differs (a route changed
// and the SDK was not regenerated). Usage: npm run sdk:generate [-- --check]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = join(import.meta.dirname, '..');
export const SCHEMA_FILE = join(root, 'packages', 'sdk', 'src', 'schema.d.ts');

const HEADER =
  '// Generated from the Kiln OpenAPI document by openapi-typescript (npm run sdk:generate). Do not edit:\n' +
  '// a test fails when this file is stale against the routes.\n\n';

/** The document as an installation serves it. PUBLIC_URL is fixed so that the output does not depend on the machine. */
function openapiDocument(): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-sdk-'));
  try {
    const out = join(dir, 'openapi.json');
    const env = { ...process.env, PUBLIC_URL: 'https://api.kiln.internal', LOG_LEVEL: 'warn' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'openapi-document.ts'), out], { env, cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`scripts/openapi-document.ts exited ${run.status}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function generateSchema(): Promise<string> {
  const ast = await openapiTS(openapiDocument() as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

const text = await generateSchema();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(SCHEMA_FILE, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('packages/sdk/src/schema.d.ts is stale against the OpenAPI document: run `npm run sdk:generate` and commit it.');
    process.exit(1);
  }
  console.log('packages/sdk/src/schema.d.ts is up to date.');
} else {
  writeFileSync(SCHEMA_FILE, text);
  console.log(`wrote ${SCHEMA_FILE}`);
}
