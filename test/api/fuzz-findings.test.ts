import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

// What the fuzzer (test/api/fuzz.test.ts) found, pinned down.
describe('fuzzer findings', () => {
  it("DELETE /api/serviceaccounts/<a user's id> is 404 and leaves the user's membership and preferences", async () => {
    const server = await startTestServer();
    const user = await createUser(server);
    const saved = await call(server, 'PUT', '/api/user/preferences', {
      as: user.as,
      body: { theme: 'dark' },
    });
    expect(saved.status).toBe(200);
    const refused = await call(server, 'DELETE', `/api/serviceaccounts/${user.id}`, { as: ADMIN });
    expect(refused.status).toBe(404);
    const members = await call<{ userId: number }[]>(server, 'GET', '/api/org/users', { as: ADMIN });
    expect(members.body.map((m) => m.userId)).toContain(user.id);
    const preferences = await call<{ theme: string }>(server, 'GET', '/api/user/preferences', {
      as: user.as,
    });
    expect(preferences.body.theme).toBe('dark');
  });

  it('a NUL character (U+0000) in stored text is 400 on every database, and nothing is written', async () => {
    const server = await startTestServer();
    const refusedOrStored = await call(server, 'POST', '/api/orgs', {
      as: ADMIN,
      body: { name: 'a\u0000b' },
    });
    // PostgreSQL cannot store it (400, nothing written); SQLite and MariaDB store it as sent
    const postgres = server.config.database.type === 'postgres';
    expect(refusedOrStored.status, JSON.stringify(refusedOrStored.body)).toBe(postgres ? 400 : 200);
    const orgs = await call<{ name: string }[]>(server, 'GET', '/api/orgs', { as: ADMIN });
    if (postgres) {
      expect(refusedOrStored.body).toEqual({
        message: 'bad request data: text must not contain the NUL character (U+0000)',
      });
      expect(orgs.body.map((o) => o.name)).toEqual(['Main Org.']);
    } else {
      expect(orgs.body.map((o) => o.name)).toContain('a\u0000b');
    }
  });

  it('a number in a query string or path that is not finite (1e309) is 400, not a database error', async () => {
    const server = await startTestServer();
    for (const path of [
      '/api/org/users/lookup?limit=1e309',
      '/api/org/users/lookup?limit=-1e309',
      '/api/teams/1e309',
    ]) {
      const response = await call(server, 'GET', path, { as: ADMIN });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    }
  });
});
