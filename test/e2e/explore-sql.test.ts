import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { MYSQL_ADMIN, PG_ADMIN } from '../helpers/databases.js';
import { expectNoSeriousViolations } from './axe.js';
import { canvasPixels, recordQueries, screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';
import { expectWalkable, tabWalk } from './tab-walk.js';

// Issue #21, done-when: Explore works against a SQL database in Chromium. Time-series rows in a
// real MariaDB and a real PostgreSQL, queried with $__timeFilter through the SQL query editor.

useChromium({ hookTimeout: 300_000 });

const MYSQL = 'e2e-mysql';
const PG = 'e2e-pg-series';
const MINUTE = 60_000;

/** Rows inside Explore's default range (the last hour) and one three hours old that $__timeFilter must leave out. */
const MYSQL_ROWS = [
  { ago: 45, value: 11.5 },
  { ago: 30, value: 22.25 },
  { ago: 15, value: 33 },
  { ago: 180, value: 999 },
];
const PG_ROWS = [
  { ago: 40, value: 4.5 },
  { ago: 20, value: 6.75 },
  { ago: 5, value: 8 },
  { ago: 200, value: 777 },
];
const MYSQL_SQL = 'SELECT $__time(ts), value FROM metrics WHERE $__timeFilter(ts) ORDER BY ts';
const PG_SQL = 'SELECT ts AS time, value FROM metrics WHERE $__timeFilter(ts) ORDER BY ts';

const pane = (page: Page, name: 'Left' | 'Right') => page.getByRole('region', { name: `${name} pane` });
const cells = (of: Locator) => of.getByRole('region', { name: 'Table' }).locator('td').allTextContents();
const graphCanvas = (name: string) => `[aria-label="${name} pane"] [aria-label="Graph"] canvas`;
const valuesOf = (rows: { ago: number; value: number }[]) =>
  rows.filter((r) => r.ago < 60).map((r) => String(r.value));
const rawSqls = (queries: any[]) => queries.flatMap((body) => body.queries.map((q: any) => q.rawSql));

async function addDataSource(server: TestServer, body: object): Promise<void> {
  const response = await call(server, 'POST', '/api/datasources', { as: ADMIN, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A scratch MariaDB database with a metrics table; returns its name and how to drop it. */
async function seedMysql(name: string, now: number): Promise<() => Promise<void>> {
  const conn = await createConnection(MYSQL_ADMIN);
  // The data source reads DATETIME as UTC (session zone +00:00): write them the same way.
  await conn.query("SET time_zone = '+00:00'");
  await conn.query(`CREATE DATABASE ${name}`);
  await conn.query(`CREATE TABLE ${name}.metrics (ts DATETIME(3) NOT NULL, value DOUBLE NOT NULL)`);
  for (const row of MYSQL_ROWS) {
    await conn.query(`INSERT INTO ${name}.metrics VALUES (FROM_UNIXTIME(?), ?)`, [
      (now - row.ago * MINUTE) / 1000,
      row.value,
    ]);
  }
  return async () => {
    await conn.query(`DROP DATABASE IF EXISTS ${name}`);
    await conn.end();
  };
}

async function seedPostgres(name: string, now: number): Promise<() => Promise<void>> {
  const admin = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const client = new pg.Client({ ...PG_ADMIN, database: name });
  await client.connect();
  await client.query('CREATE TABLE metrics (ts timestamptz NOT NULL, value double precision NOT NULL)');
  for (const row of PG_ROWS) {
    await client.query('INSERT INTO metrics VALUES (to_timestamp($1), $2)', [
      (now - row.ago * MINUTE) / 1000,
      row.value,
    ]);
  }
  await client.end();
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

describe('Explore over SQL in Chromium', () => {
  it('graphs and tables MariaDB and PostgreSQL time series side by side, and lists both in the history', async () => {
    const now = Date.now();
    const database = `svc_e2e_xsql_${process.pid}_${now}`;
    const dropMysql = await seedMysql(database, now);
    const dropPostgres = await seedPostgres(database, now);
    try {
      const server = await startTestServer();
      await addDataSource(server, {
        name: 'Local MariaDB',
        type: 'mysql',
        uid: MYSQL,
        access: 'proxy',
        url: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
        user: MYSQL_ADMIN.user,
        jsonData: { database },
      });
      await addDataSource(server, {
        name: 'Local PostgreSQL',
        type: 'grafana-postgresql-datasource',
        uid: PG,
        access: 'proxy',
        url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
        user: PG_ADMIN.user,
        jsonData: { database, sslmode: 'disable' },
      });

      const { context, page, errors } = await newPage(server);
      const sent = recordQueries(page);
      try {
        await openSignedIn(page, '/explore');
        const left = pane(page, 'Left');
        await left.getByLabel('Data source', { exact: true }).selectOption(MYSQL);
        // The SQL editor's table picker lists the scratch database's table.
        await expect
          .poll(() =>
            left.getByRole('combobox', { name: 'Table', exact: true }).locator('option').allTextContents(),
          )
          .toContain('metrics');
        await left.getByLabel('Format').selectOption('time_series');
        const sql = left.getByLabel('SQL query');
        await sql.fill(MYSQL_SQL);
        sent.clear();
        await sql.press('Shift+Enter');
        expect(await sql.inputValue()).toBe(MYSQL_SQL); // the key ran the query, it typed no newline

        // The table lists the hour's rows in time order, not the one $__timeFilter leaves out.
        await expect
          .poll(() => cells(left), { timeout: 15_000 })
          .toEqual(expect.arrayContaining(valuesOf(MYSQL_ROWS)));
        const mysqlCells = await cells(left);
        expect(mysqlCells).toHaveLength(3 * 2); // time and value of each row in the hour
        expect(mysqlCells).not.toContain('999');
        const order = valuesOf(MYSQL_ROWS).map((v) => mysqlCells.indexOf(v));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(rawSqls(sent.queries)).toContain(MYSQL_SQL);
        const mysqlQuery = sent.queries.find((body) => body.queries[0].rawSql === MYSQL_SQL);
        expect(Number(mysqlQuery.to) - Number(mysqlQuery.from)).toBe(60 * MINUTE);
        expect(mysqlQuery.queries[0]).toMatchObject({ format: 'time_series', datasource: { uid: MYSQL } });
        // The graph: uPlot drew the series in the first palette colour.
        await expect.poll(() => canvasPixels(page, graphCanvas('Left'), '#7EB26D')).toBeGreaterThan(10);
        // By keyboard: the SQL editor with the table's columns listed, and the results.
        await left.getByRole('combobox', { name: 'Table', exact: true }).selectOption('metrics');
        await left.getByRole('group', { name: 'Columns' }).getByLabel('value').waitFor();
        expectWalkable(await tabWalk(page, '.explore-page'), 'Explore over SQL');
        await expectNoSeriousViolations(page, 'Explore over SQL');

        // Split: the right pane starts as a copy, then gets PostgreSQL and its own query.
        await page.getByRole('button', { name: 'Split' }).click();
        const right = pane(page, 'Right');
        await expect.poll(() => cells(right)).toEqual(expect.arrayContaining(valuesOf(MYSQL_ROWS)));
        await right.getByLabel('Data source', { exact: true }).selectOption(PG);
        expect(await right.getByLabel('SQL query').inputValue()).toBe(''); // another type: a fresh query
        await right.getByLabel('Format').selectOption('time_series');
        await right.getByLabel('SQL query').fill(PG_SQL);
        await right.getByRole('button', { name: 'Run query' }).click();
        await expect.poll(() => cells(right)).toEqual(expect.arrayContaining(valuesOf(PG_ROWS)));
        const pgCells = await cells(right);
        expect(pgCells).toHaveLength(3 * 2);
        expect(pgCells).not.toContain('777');
        expect(pgCells).not.toContain('11.5');
        await expect.poll(() => canvasPixels(page, graphCanvas('Right'), '#7EB26D')).toBeGreaterThan(10);
        // The left pane still shows MariaDB's rows next to it.
        expect(await cells(left)).toEqual(mysqlCells);
        expect(await left.getByLabel('SQL query').inputValue()).toBe(MYSQL_SQL);
        const split = new URL(page.url());
        expect(JSON.parse(split.searchParams.get('left')!)).toMatchObject({
          datasource: MYSQL,
          queries: [{ rawSql: MYSQL_SQL, format: 'time_series' }],
        });
        expect(JSON.parse(split.searchParams.get('right')!)).toMatchObject({
          datasource: PG,
          queries: [{ rawSql: PG_SQL, format: 'time_series' }],
        });
        await screenshot(page, 'explore-sql-split');

        // The history lists both queries, newest first, with their data sources; picking the
        // MariaDB one in the right pane runs it there.
        await right.getByRole('button', { name: 'Query history' }).click();
        const history = right.getByRole('region', { name: 'Query history' });
        expect(await history.locator('li code').allTextContents()).toEqual([PG_SQL, MYSQL_SQL]);
        expect(await history.locator('li button').allTextContents()).toEqual([
          `Local PostgreSQL ${PG_SQL}`,
          `Local MariaDB ${MYSQL_SQL}`,
        ]);
        await history.getByRole('button', { name: `Local MariaDB ${MYSQL_SQL}` }).click();
        expect(await right.getByLabel('Data source', { exact: true }).inputValue()).toBe(MYSQL);
        expect(await right.getByLabel('SQL query').inputValue()).toBe(MYSQL_SQL);
        await expect.poll(() => cells(right)).toEqual(mysqlCells);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await dropMysql();
      await dropPostgres();
    }
  }, 90_000);
});
