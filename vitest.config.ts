import { defineConfig } from 'vitest/config';

/**
 * A file named `*.unit.test.ts` needs no Postgres, Redis or child process (engines, parsers, archive and domain
 * rules, the edge's resolution, the address policy): they run on a bare machine (`npm run test:unit`). Every
 * other test file is an integration test. The name says which, so a new file chooses by its name alone.
 */
const UNIT = ['test/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Deadlines here only catch hangs: the suite must pass with both cores busy, so they are generous.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: UNIT,
          globalSetup: ['./test/support/global-setup.ts'],
        },
      },
    ],
  },
});
