import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// `SVC_TEST_DB=sqlite3,postgres,mysql npm test` runs every database-backed test once per dialect;
// pure unit tests run once.
const dialects = (process.env.SVC_TEST_DB ?? 'sqlite3')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);

// Test servers start on a copy of a database migrated once per project (test/global-setup.ts).
const migratedTemplate = 'test/global-setup.ts';

// The API files of a dialect share one module graph per worker (isolate: false): importing the
// whole server anew for each file cost more than most files' tests. A file that replaces a module
// with vi.mock needs a graph of its own, and runs in the dialect's isolated project.
const apiFiles = readdirSync('test/api').filter((file) => file.endsWith('.test.ts'));
const mocking = apiFiles
  .filter((file) => readFileSync(`test/api/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `test/api/${file}`);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    // Two files at a time on two cores: a test spends much of its time waiting on a database or
    // a peer process, and one file at a time left a core idle.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // Three real svc processes per database (PostgreSQL with Redis, MySQL without), one file at
      // a time: they share two cores with the rest.
      {
        extends: true,
        test: { name: 'ha', include: ['test/ha/**/*.test.ts'], testTimeout: 60_000, fileParallelism: false },
      },
      // Real browser tests (Debian's Chromium through playwright-core) against the built UI.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          globalSetup: [migratedTemplate],
        },
      },
      ...dialects.flatMap((dialect) =>
        [
          { name: dialect, include: ['test/api/**/*.test.ts'], exclude: mocking, isolate: false },
          { name: `${dialect}-isolated`, include: mocking },
        ].map((project) => ({
          extends: true as const,
          test: {
            ...project,
            env: { SVC_TEST_DIALECT: dialect, SVC_CHECK_RESPONSES: '1' },
            globalSetup: [migratedTemplate],
          },
        })),
      ),
    ],
  },
});
