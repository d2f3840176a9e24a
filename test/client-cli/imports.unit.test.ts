import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The client CLI runs on developers' machines and in CI jobs: it is a client of the public API and must never
 * load the server's code (the database, Redis, the queue, config that wants DATABASE_URL). Every module under
 * src/client-cli/ may import node builtins and its siblings only: listed here, so a new import fails this test.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TREE = join(ROOT, 'src/client-cli');

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

describe('src/client-cli imports', () => {
  const files = readdirSync(TREE).filter((f) => f.endsWith('.ts'));

  it('has modules to check', () => {
    expect(files).toContain('main.ts');
  });

  it.each(files)('%s imports only node builtins and modules of its own tree', (file) => {
    const outside = importsOf(join(TREE, file)).filter((spec) => {
      if (spec.startsWith('node:')) return false;
      if (!spec.startsWith('.')) return true; // a package, or a bare builtin name that hides which it is
      const target = resolve(dirname(join(TREE, file)), spec);
      return relative(TREE, target).startsWith('..');
    });
    expect(outside).toEqual([]);
  });

  it('the bin loads the client tree and the operator CLI only by the command word', () => {
    expect(importsOf(join(ROOT, 'bin/kiln.mjs')).sort()).toEqual(['../src/client-cli/usage.ts', 'tsx/esm/api']);
    const bin = readFileSync(join(ROOT, 'bin/kiln.mjs'), 'utf8');
    expect(bin).toContain("'../src/client-cli/main.ts' : '../src/cli.ts'");
  });
});
