import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/store/database.js';
import { migrations } from '../../src/store/migrations/index.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/databases.js';

const STEP = '0009-alert-contact-points';
let opened: Database | undefined;
let testDb: TestDatabase | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
  await testDb?.drop();
  testDb = undefined;
});

describe(`migration ${STEP}`, () => {
  it('gives every existing contact point its row; names differing only in case become one', async () => {
    testDb = await createTestDatabase();
    opened = openDatabase(testConfig(testDb.overrides).database);
    const db = opened.db as unknown as Kysely<unknown>;
    const dialect = testDialect();
    const names = Object.keys(migrations);
    for (const name of names.slice(0, names.indexOf(STEP))) await migrations[name]!.up(db, dialect);

    const now = Date.now();
    await sql`INSERT INTO org (version, name, address1, address2, city, state, zip_code, country, created, updated)
      VALUES (1, 'Main', '', '', '', '', '', '', ${now}, ${now})`.execute(db);
    const { rows } = await sql<{ id: number }>`SELECT id FROM org`.execute(db);
    const orgId = Number(rows[0]!.id);
    const integration = (uid: string, name: string) => sql`
      INSERT INTO alert_integration (org_id, uid, name, type, settings, secure_settings, disable_resolve_message, provenance, created, updated)
      VALUES (${orgId}, ${uid}, ${name}, 'email', '{}', '{}', 0, '', ${now}, ${now})`;
    for (const [uid, name] of [
      ['a', 'ops'],
      ['b', 'ops'],
      ['c', 'Ops'],
      ['d', 'mail'],
    ] as const) {
      await integration(uid, name).execute(db);
    }

    await migrations[STEP]!.up(db, dialect);
    const points = await sql<{ name: string; name_key: string }>`
      SELECT name, name_key FROM alert_contact_point WHERE org_id = ${orgId} ORDER BY name_key`.execute(db);
    expect(points.rows).toEqual([
      { name: 'mail', name_key: 'mail' },
      { name: 'Ops', name_key: 'ops' },
    ]);
    // the database refuses a second row for a name in any case
    await expect(
      sql`INSERT INTO alert_contact_point (org_id, name, name_key, created, updated)
        VALUES (${orgId}, 'MAIL', 'mail', ${now}, ${now})`.execute(db),
    ).rejects.toThrow();
  });
});
