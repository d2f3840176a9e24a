import { defineConfig } from 'vitest/config';

/**
 * Tests that need no Postgres, Redis or child process: engines, parsers, archive and domain rules, the
 * edge's resolution and the address policy. They run on a bare machine (`npm run test:unit`). Every other
 * file is an integration test, so a new file lands there unless it is listed here on purpose.
 */
const UNIT = [
  'test/config.test.ts',
  'test/redis/sentinel-settings.test.ts',
  'test/dashboard/passwords.test.ts',
  'test/lib-batcher.test.ts',
  'test/db/byte-budget-cache.test.ts',
  'test/engines/**/*.test.ts',
  'test/hosting/archive-*.test.ts',
  'test/hosting/domains.test.ts',
  'test/hosting/acme-problem.test.ts',
  'test/hosting/edge-resolve.test.ts',
  'test/hosting/site-rules.test.ts',
  'test/hosting/segment-trie.test.ts',
  'test/roles/hosting-domain-warnings.test.ts',
  'test/net/address-policy.test.ts',
  'test/net/address-bucket.test.ts',
  'test/api/strip-external-links.test.ts',
  'test/storage/create-blob-store.test.ts',
  'test/storage/local-store.test.ts',
  'test/storage/signed-url.test.ts',
  'test/files/receive-file.test.ts',
  'test/workers/refused-by-provider.test.ts',
  'test/dashboard/usage-chart.test.ts',
  'test/dashboard/activity-text.test.ts',
  'test/webhooks/signature.test.ts',
  'test/webhooks/attempt-batch.test.ts',
];

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
