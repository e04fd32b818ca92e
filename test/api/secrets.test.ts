import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createSecretsService } from '../../src/features/secrets/secrets.service.js';
import { systemClock } from '../../src/lib/clock.js';

describe('secrets at rest', () => {
  it('round-trips values, never stores the plaintext, and uses a fresh IV each time', async () => {
    const server = await startTestServer();
    const secrets = createSecretsService({ db: server.database.db, secretKey: 'k1', clock: systemClock });
    const a = await secrets.encrypt('datasources', 'hunter2');
    const b = await secrets.encrypt('datasources', 'hunter2');
    expect(a).toMatch(/^v1\.[A-Za-z0-9]{20}\.[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(await secrets.decrypt(a)).toBe('hunter2');
    expect(
      await secrets.decryptMap(await secrets.encryptMap('datasources', { password: 'p', apiKey: 'ü€' })),
    ).toEqual({
      password: 'p',
      apiKey: 'ü€',
    });
    const keys = await server.database.db.selectFrom('data_key').selectAll().execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ scope: 'datasources', active: 1 });
  });

  it('detects a changed secret_key with a clear error instead of garbage', async () => {
    const server = await startTestServer();
    const before = createSecretsService({
      db: server.database.db,
      secretKey: 'original',
      clock: systemClock,
    });
    const sealed = await before.encrypt('datasources', 'hunter2');
    const after = createSecretsService({ db: server.database.db, secretKey: 'changed', clock: systemClock });
    await expect(after.decrypt(sealed)).rejects.toMatchObject({
      status: 500,
      messageId: 'secrets.secret-key-changed',
      message: expect.stringContaining('secret_key has changed'),
    });
    await expect(after.decrypt('garbage')).rejects.toMatchObject({ messageId: 'secrets.secret-key-changed' });
  });

  it('keeps one data key per scope across service instances', async () => {
    const database = await createTestDatabase();
    const server = await startTestServer({ database });
    const one = createSecretsService({ db: server.database.db, secretKey: 'k', clock: systemClock });
    const two = createSecretsService({ db: server.database.db, secretKey: 'k', clock: systemClock });
    const sealed = await one.encrypt('alerting', 'x');
    expect(await two.decrypt(sealed)).toBe('x');
    await two.encrypt('alerting', 'y');
    expect(await server.database.db.selectFrom('data_key').selectAll().execute()).toHaveLength(1);
    await server.shutdown();
    await database.drop();
  });
});
