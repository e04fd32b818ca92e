import { defineConfig } from 'vitest/config';

// `SVC_TEST_DB=sqlite3,postgres,mysql npm test` runs every database-backed test once per dialect;
// pure unit tests run once.
const dialects = (process.env.SVC_TEST_DB ?? 'sqlite3')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // Three real svc processes per database (PostgreSQL with Redis, MySQL without), one file at
      // a time: they share two cores with the rest.
      {
        extends: true,
        test: { name: 'ha', include: ['test/ha/**/*.test.ts'], testTimeout: 60_000, fileParallelism: false },
      },
      // Real browser tests (Debian's Chromium through playwright-core) against the built UI.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000 } },
      ...dialects.map((dialect) => ({
        extends: true as const,
        test: {
          name: dialect,
          include: ['test/api/**/*.test.ts'],
          env: { SVC_TEST_DIALECT: dialect, SVC_CHECK_RESPONSES: '1' },
        },
      })),
    ],
  },
});
