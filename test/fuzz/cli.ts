/**
 * `npm run fuzz -- [--seed N] [--time 10m] [--db sqlite3|postgres|mysql]`: the CI fuzzer
 * (test/api/fuzz.test.ts) outside vitest, for longer runs. Starts its own svc on a fresh database,
 * prints the seed (replay with `--seed`), the figures and every failure; exits 1 on a failure.
 */
import { parseArgs } from 'node:util';
import type { DatabaseType } from '../../src/config/config.js';
import { startServer } from '../../src/server.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/databases.js';
import { openRawSql } from '../helpers/raw-sql.js';
import { createFingerprint } from './fingerprint.js';
import { fuzz, operationsOf } from './fuzzer.js';
import { createRng, fuzzSeed } from './rng.js';
import { request, seedWorld } from './world.js';

/** `90s`, `10m`, `1h` or milliseconds */
function durationMs(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`--time: want e.g. 60s, 10m or 1h, got ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 'ms') as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    time: { type: 'string', default: '60s' },
    db: { type: 'string', default: 'sqlite3' },
  },
});
const seed = fuzzSeed(values.seed ?? process.env.SVC_FUZZ_SEED);
const budgetMs = durationMs(values.time);
console.log(`fuzz seed ${seed} on ${values.db} for ${values.time} (replay with --seed ${seed})`);

const database = await createTestDatabase(values.db as DatabaseType);
const config = testConfig(database.overrides);
const server = await startServer(config);
const sql = await openRawSql(config);
let failed = true;
try {
  const rng = createRng(seed);
  const world = await seedWorld(server.url, {
    cookieName: config.auth.loginCookieName,
    adminAuth: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    rng,
  });
  const operations = operationsOf((await request(server.url, 'GET', '/api/openapi.json')).body);
  const result = await fuzz({
    baseUrl: server.url,
    operations,
    world,
    rng,
    budgetMs,
    fingerprint: await createFingerprint(sql),
    log: (line) => console.log(line),
  });
  console.log(
    `${result.requests} requests over ${result.operations}/${operations.length} operations, ${result.refused} refused, ` +
      `${result.fingerprintChecks} no-change checks, statuses ${JSON.stringify(result.statuses)}`,
  );
  for (const failure of result.failures) console.log(`FAIL ${failure}`);
  failed = result.failures.length > 0;
} finally {
  await sql.close();
  await server.shutdown();
  await database.drop();
}
process.exit(failed ? 1 : 0);
