import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The SDK as it is published: its types generated from the routes as they are now, and its own build.
const root = join(import.meta.dirname, '..', '..');

describe('@kiln/sdk the package', () => {
  it('has a schema.d.ts generated from the current OpenAPI document (a route change forces `npm run sdk:generate`)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sdk-generate.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr + run.stdout).toContain('is up to date');
    expect(run.status).toBe(0);
  });

  it('builds to JavaScript with declarations that Node imports', async () => {
    // Under node_modules so that the built file resolves openapi-fetch as an installed package would.
    const out = join(root, 'node_modules', '.cache', 'kiln-sdk-dist');
    rmSync(out, { recursive: true, force: true });
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'packages/sdk/tsconfig.json', '--outDir', out], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(existsSync(join(out, 'index.d.ts'))).toBe(true);
    expect(readFileSync(join(out, 'index.d.ts'), 'utf8')).toContain("from './schema.js'");
    const sdk = await import(pathToFileURL(join(out, 'index.js')).href);
    expect(Object.keys(sdk).sort()).toEqual(['KilnError', 'KilnTimeoutError', 'WebhookVerificationError', 'createKiln', 'ok', 'verifyWebhook']);
    const kiln = sdk.createKiln({ baseUrl: 'http://127.0.0.1:9', apiKey: 'kiln_x' });
    expect(typeof kiln.GET).toBe('function');
    expect(typeof kiln.waitForJob).toBe('function');
    rmSync(out, { recursive: true, force: true });
  });
});
