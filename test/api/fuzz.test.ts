import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN } from '../helpers/client.js';
import { openRawSql } from '../helpers/raw-sql.js';
import { createFingerprint } from '../fuzz/fingerprint.js';
import { fuzz, operationsOf } from '../fuzz/fuzzer.js';
import { createRng, fuzzSeed } from '../fuzz/rng.js';
import { request, seedWorld } from '../fuzz/world.js';

/** Per database; `npm run fuzz -- --time 10m` runs the same code for longer. */
const BUDGET_MS = Number(process.env.SVC_FUZZ_BUDGET_MS ?? 30_000);

describe('fuzzer', () => {
  it(
    'every route of the OpenAPI document, fed schema-violating input as every kind of caller: no 5xx, no hang, {message} on 4xx, no secret shown, nothing changed by a refused request',
    async () => {
      const seed = fuzzSeed();
      // printed so a failure can be replayed: SVC_FUZZ_SEED=<seed>
      console.log(`fuzz seed ${seed} (replay with SVC_FUZZ_SEED=${seed})`);
      const rng = createRng(seed);
      // 5xx answers are judged by the fuzzer itself, with its listed exceptions
      const server = await startTestServer({ allowServerErrors: true });
      const sql = await openRawSql(server.config);
      try {
        const world = await seedWorld(server.url, {
          cookieName: server.config.auth.loginCookieName,
          adminAuth: ADMIN.authorization!,
          rng,
        });
        const document = (await request(server.url, 'GET', '/api/openapi.json')).body;
        const operations = operationsOf(document);
        const started = Date.now();
        const result = await fuzz({
          baseUrl: server.url,
          operations,
          world,
          rng,
          budgetMs: BUDGET_MS,
          fingerprint: await createFingerprint(sql),
        });
        console.log(
          `fuzz seed ${seed}: ${result.requests} requests in ${Date.now() - started} ms over ${result.operations}/${operations.length} operations, ` +
            `${result.refused} refused, ${result.fingerprintChecks} no-change checks, statuses ${JSON.stringify(result.statuses)}`,
        );
        expect(result.failures).toEqual([]);
        // the budget reaches every operation at least once
        expect(result.operations).toBe(operations.length);
      } finally {
        await sql.close();
      }
    },
    BUDGET_MS + 60_000,
  );
});
