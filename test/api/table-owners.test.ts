import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/store/database.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { testDialect } from '../helpers/databases.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { openRawSql, type RawSql } from '../helpers/raw-sql.js';

/*
 * Each table has one owner (docs/ARCHITECTURE.md): deleting an org, a user or a membership lets
 * the features owning what hangs on it delete their rows through the owner's on<Event> listeners,
 * inside the deleting unit of work. A database trigger that fails one listener's delete shows the
 * whole delete is rolled back.
 */

const opened: { database?: Database; raw?: RawSql } = {};
afterEach(async () => {
  await opened.raw?.close();
  await opened.database?.close();
  opened.raw = opened.database = undefined;
});

async function rawSql(server: TestServer): Promise<RawSql> {
  opened.raw ??= await openRawSql(server.config);
  return opened.raw;
}

async function count(server: TestServer, table: string, where: string): Promise<number> {
  const raw = await rawSql(server);
  const [row] = await raw.query<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM ${raw.quote(table)} WHERE ${where}`,
  );
  return Number(row!.n);
}

/** Makes every DELETE on `table` fail until the returned function is called. */
async function failDeletesOn(server: TestServer, table: string): Promise<() => Promise<void>> {
  opened.database ??= openDatabase(server.config.database);
  const { db } = opened.database;
  const name = `fail_delete_${table}`;
  const dialect = testDialect();
  if (dialect === 'sqlite3') {
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE DELETE ON ${table} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
      )
      .execute(db);
    return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(db));
  }
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name} BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(db);
    return async () => void (await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db));
  }
  await sql
    .raw(
      `CREATE TRIGGER ${name} BEFORE DELETE ON ${table} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'forced failure'`,
    )
    .execute(db);
  return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(db));
}

const PREFS = { theme: 'dark', timezone: 'utc', weekStart: 'monday' };

async function orgWithDependents(server: TestServer) {
  const org = await createOrg(server, 'Doomed');
  const user = await createUser(server);
  const added = await call(server, 'POST', '/api/org/users', {
    as: inOrg(ADMIN, org),
    body: { loginOrEmail: user.login, role: 'Editor' },
  });
  expect(added.status).toBe(200);
  expect((await call(server, 'POST', `/api/user/using/${org}`, { as: user.as })).status).toBe(200);
  const team = await call(server, 'POST', '/api/teams', { as: inOrg(ADMIN, org), body: { name: 'Crew' } });
  expect(team.status).toBe(200);
  const teamId = team.body.teamId as number;
  expect(
    (
      await call(server, 'POST', `/api/teams/${teamId}/members`, {
        as: inOrg(ADMIN, org),
        body: { userId: user.id },
      })
    ).status,
  ).toBe(200);
  for (const [path, as] of [
    ['/api/org/preferences', inOrg(ADMIN, org)],
    ['/api/user/preferences', user.as],
    [`/api/teams/${teamId}/preferences`, inOrg(ADMIN, org)],
  ] as const) {
    expect((await call(server, 'PUT', path, { as, body: PREFS })).status).toBe(200);
  }
  const sa = await call(server, 'POST', '/api/serviceaccounts', {
    as: inOrg(ADMIN, org),
    body: { name: 'robot', role: 'Viewer' },
  });
  expect(sa.status).toBe(201);
  const saId = sa.body.id as number;
  const token = await call(server, 'POST', `/api/serviceaccounts/${saId}/tokens`, {
    as: inOrg(ADMIN, org),
    body: { name: 'key' },
  });
  expect(token.status).toBe(200);
  expect(
    (
      await call(server, 'PUT', '/api/user/preferences', {
        as: { authorization: `Bearer ${token.body.key}` },
        body: PREFS,
      })
    ).status,
  ).toBe(200);
  return { org, user, teamId, saId };
}

describe('deleting an org', () => {
  it('deletes its preferences and service accounts and moves its members to another active org', async () => {
    const server = await startTestServer();
    const { org, user, saId } = await orgWithDependents(server);
    expect(await count(server, 'preferences', `org_id = ${org}`)).toBe(4);

    expect((await call(server, 'DELETE', `/api/orgs/${org}`, { as: ADMIN })).status).toBe(200);
    expect(await count(server, 'preferences', `org_id = ${org}`)).toBe(0);
    expect(await count(server, 'users', `id = ${saId}`)).toBe(0);
    expect(await count(server, 'api_key', `org_id = ${org}`)).toBe(0);
    expect(await count(server, 'team_member', `org_id = ${org}`)).toBe(0);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).body.orgId).toBe(1);
  });

  it('is undone whole when a listener fails', async () => {
    const server = await startTestServer({ allowServerErrors: true });
    const { org, user, saId } = await orgWithDependents(server);
    // preferences listens last: the org row, the service accounts and the members' active orgs
    // were already changed in the unit when its delete fails
    const restore = await failDeletesOn(server, 'preferences');
    expect((await call(server, 'DELETE', `/api/orgs/${org}`, { as: ADMIN })).status).toBe(500);
    await restore();
    expect((await call(server, 'GET', `/api/orgs/${org}`, { as: ADMIN })).status).toBe(200);
    expect(await count(server, 'users', `id = ${saId}`)).toBe(1);
    expect(await count(server, 'api_key', `org_id = ${org}`)).toBe(1);
    expect(await count(server, 'preferences', `org_id = ${org}`)).toBe(4);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).body.orgId).toBe(org);
  });
});

describe('removing an org member', () => {
  it("deletes its team memberships in the org and moves its active org; a listener's failure undoes it", async () => {
    const server = await startTestServer({ allowServerErrors: true });
    const { org, user, teamId } = await orgWithDependents(server);
    const inTeam = `team_id = ${teamId} AND user_id = ${user.id}`;

    const restore = await failDeletesOn(server, 'team_member');
    expect(
      (await call(server, 'DELETE', `/api/org/users/${user.id}`, { as: inOrg(ADMIN, org) })).status,
    ).toBe(500);
    await restore();
    expect(await count(server, 'org_user', `org_id = ${org} AND user_id = ${user.id}`)).toBe(1);
    expect(await count(server, 'team_member', inTeam)).toBe(1);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).body.orgId).toBe(org);

    expect(
      (await call(server, 'DELETE', `/api/org/users/${user.id}`, { as: inOrg(ADMIN, org) })).status,
    ).toBe(200);
    expect(await count(server, 'org_user', `org_id = ${org} AND user_id = ${user.id}`)).toBe(0);
    expect(await count(server, 'team_member', inTeam)).toBe(0);
    expect((await call(server, 'GET', '/api/user', { as: user.as })).body.orgId).toBe(1);
  });
});

describe('deleting a user', () => {
  it("deletes its preferences in every org; a listener's failure undoes it", async () => {
    const server = await startTestServer({ allowServerErrors: true });
    const { org, user } = await orgWithDependents(server);
    await call(server, 'POST', `/api/user/using/1`, { as: user.as });
    expect((await call(server, 'PUT', '/api/user/preferences', { as: user.as, body: PREFS })).status).toBe(
      200,
    );
    expect(await count(server, 'preferences', `user_id = ${user.id}`)).toBe(2);

    const restore = await failDeletesOn(server, 'preferences');
    expect((await call(server, 'DELETE', `/api/admin/users/${user.id}`, { as: ADMIN })).status).toBe(500);
    await restore();
    expect(await count(server, 'users', `id = ${user.id}`)).toBe(1);
    expect(await count(server, 'org_user', `user_id = ${user.id}`)).toBe(2);
    expect(await count(server, 'preferences', `user_id = ${user.id}`)).toBe(2);

    expect((await call(server, 'DELETE', `/api/admin/users/${user.id}`, { as: ADMIN })).status).toBe(200);
    expect(await count(server, 'users', `id = ${user.id}`)).toBe(0);
    expect(await count(server, 'preferences', `user_id = ${user.id}`)).toBe(0);
    expect(await count(server, 'team_member', `user_id = ${user.id}`)).toBe(0);
    expect(await count(server, 'preferences', `org_id = ${org}`)).toBe(3);
  });
});
