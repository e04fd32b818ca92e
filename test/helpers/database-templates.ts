// Migrated database templates: a test server starts on a copy of a database that went through
// every migration once per test run, instead of migrating an empty database itself. A test run
// starts about 500 servers per dialect; migrating an empty MariaDB database took 1.3 s on an idle
// machine and 5–6 s beside other tests, copying the finished schema under a second.
//
// test/global-setup.ts builds one template per dialect under test and hands its description to
// the test workers (vitest's provide/inject); `createMigratedTestDatabase` makes a fresh copy.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import type { DatabaseType } from '../../src/config/config.js';
import { testConfig } from './config.js';
import { createTestDatabase, testDialect, withMysql, type TestDatabase } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate?: DatabaseTemplate;
  }
}

/** What a worker needs to copy a template: plain data, it crosses from the setup to the workers. */
export type DatabaseTemplate =
  | { dialect: 'sqlite3'; file: string }
  | { dialect: 'postgres'; name: string }
  | { dialect: 'mysql'; name: string; script: string };

/** Migrates a fresh database of `dialect` into a template; `drop` removes it after the run. */
export async function buildTemplate(
  dialect: DatabaseType,
): Promise<{ template: DatabaseTemplate; drop(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const opened = openDatabase(testConfig(database.overrides).database);
  try {
    await opened.migrate();
  } finally {
    // closing SQLite checkpoints its write-ahead log into the file that is copied
    await opened.close();
  }
  const settings = database.overrides.database!;
  const drop = () => database.drop();
  if (dialect === 'sqlite3')
    return { template: { dialect, file: join(database.overrides.paths!.data!, settings.path!) }, drop };
  if (dialect === 'postgres') return { template: { dialect, name: settings.name! }, drop };
  return { template: { dialect, name: settings.name!, script: await mysqlCopyScript(settings.name!) }, drop };
}

/**
 * MariaDB has no template databases: the copy runs the template's own CREATE TABLE statements
 * (foreign keys and AUTO_INCREMENT counters included; checks off, so the order of the tables does
 * not matter) and copies the rows the migrations wrote, in one round trip.
 */
async function mysqlCopyScript(template: string): Promise<string> {
  return withMysql(async (conn) => {
    const [tables] = await conn.query<import('mysql2').RowDataPacket[]>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [template],
    );
    const statements = ['SET FOREIGN_KEY_CHECKS = 0'];
    const copies: string[] = [];
    for (const { name } of tables as { name: string }[]) {
      const [[created]] = await conn.query<import('mysql2').RowDataPacket[]>(
        `SHOW CREATE TABLE \`${template}\`.\`${name}\``,
      );
      statements.push(created!['Create Table'] as string);
      const [[count]] = await conn.query<import('mysql2').RowDataPacket[]>(
        `SELECT COUNT(*) AS n FROM \`${template}\`.\`${name}\``,
      );
      if (Number(count!.n) > 0)
        copies.push(`INSERT INTO \`${name}\` SELECT * FROM \`${template}\`.\`${name}\``);
    }
    return [...statements, ...copies, 'SET FOREIGN_KEY_CHECKS = 1'].join(';\n');
  });
}

/** A fresh database of the template's dialect holding what the template holds. */
async function copyOfTemplate(template: DatabaseTemplate): Promise<TestDatabase> {
  if (template.dialect === 'postgres')
    return createTestDatabase('postgres', { postgresTemplate: template.name });
  const database = await createTestDatabase(template.dialect);
  const settings = database.overrides.database!;
  if (template.dialect === 'sqlite3') {
    copyFileSync(template.file, join(database.overrides.paths!.data!, settings.path!));
  } else {
    await withMysql((conn) => conn.query(`USE \`${settings.name}\`;\n${template.script}`), {
      multipleStatements: true,
    });
  }
  return database;
}

/**
 * A fresh database of `dialect` with every migration applied: a copy of the run's template when
 * test/global-setup.ts built one for this dialect, else an empty one the server migrates.
 */
export async function createMigratedTestDatabase(
  dialect: DatabaseType = testDialect(),
): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  return template?.dialect === dialect ? copyOfTemplate(template) : createTestDatabase(dialect);
}
