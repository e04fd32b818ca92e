import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';

async function storedSecrets(server: TestServer, uid: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('data_source')
    .select('secure_json_data')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return row.secure_json_data;
}

describe('data source secrets', () => {
  it('are encrypted at rest, never echoed, kept when not sent, replaced or removed when sent', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'Secret',
        type: 'prometheus',
        url: 'http://127.0.0.1:9090',
        basicAuth: true,
        basicAuthUser: 'prom',
        jsonData: { httpHeaderName1: 'X-Token' },
        secureJsonData: { basicAuthPassword: 'hunter2-basic', httpHeaderValue1: 'hunter2-header' },
        password: 'hunter2-legacy',
      },
    });
    expect(created.status).toBe(200);
    const uid = created.body.uid as string;
    expect(created.body.datasource.secureJsonFields).toEqual({
      basicAuthPassword: true,
      httpHeaderValue1: true,
      password: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('hunter2');

    const stored = await storedSecrets(server, uid);
    expect(stored).not.toContain('hunter2');
    const ciphertexts = JSON.parse(stored) as Record<string, string>;
    expect(Object.keys(ciphertexts).sort()).toEqual(['basicAuthPassword', 'httpHeaderValue1', 'password']);
    for (const value of Object.values(ciphertexts)) expect(value).toMatch(/^v1\.[A-Za-z0-9]+\./);

    for (const path of [`/api/datasources/uid/${uid}`, '/api/datasources', '/api/datasources/name/Secret']) {
      const response = await call(server, 'GET', path, { as: ADMIN });
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body), path).not.toContain('hunter2');
      expect(JSON.stringify(response.body), path).not.toContain('secureJsonData');
    }

    // Only httpHeaderValue1 is sent: the others stay; password sent empty is removed.
    const updated = await call(server, 'PUT', `/api/datasources/uid/${uid}`, {
      as: ADMIN,
      body: {
        name: 'Secret',
        type: 'prometheus',
        url: 'http://127.0.0.1:9090',
        basicAuth: true,
        basicAuthUser: 'prom',
        jsonData: { httpHeaderName1: 'X-Token' },
        secureJsonData: { httpHeaderValue1: 'hunter3-header', password: '' },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.datasource.secureJsonFields).toEqual({
      basicAuthPassword: true,
      httpHeaderValue1: true,
    });
    expect(JSON.stringify(updated.body)).not.toContain('hunter');
    const after = JSON.parse(await storedSecrets(server, uid)) as Record<string, string>;
    expect(after.basicAuthPassword).toBe(ciphertexts.basicAuthPassword);
    expect(after.httpHeaderValue1).not.toBe(ciphertexts.httpHeaderValue1);
    expect(JSON.stringify(after)).not.toContain('hunter3');
  });
});
