import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { defineError } from '../../src/http/errors.js';
import { createLogger } from '../../src/http/logger.js';
import { createCacheBus } from '../../src/store/cache-bus.js';
import { systemClock } from '../../src/lib/clock.js';
import { openDatabase, type Database } from '../../src/store/database.js';
import { testConfig } from '../helpers/config.js';

const teapot = defineError(418, 'test.teapot', 'I am a teapot');
let opened: { app: App; database: Database } | undefined;

afterEach(async () => {
  await opened?.app.app.close();
  await opened?.database.close();
  opened = undefined;
});

/** The real app with a few routes that exercise the plumbing, on a throwaway SQLite file. */
async function appWithProbeRoutes(options: { ready?: boolean; maxBodyBytes?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-plumbing-'));
  const config = testConfig({
    paths: { data: dataDir },
    server: { max_body_bytes: String(options.maxBodyBytes ?? 1024) },
    log: { level: 'info' },
  });
  const database = openDatabase(config.database);
  await database.migrate();
  const logLines: string[] = [];
  const logger = createLogger(config, { write: (line: string) => logLines.push(line) });
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    build: { version: '1', commit: 'c', branch: 'b' },
    cacheBus: createCacheBus(config, logger),
    logger,
  });
  app.app.post(
    '/api/probe',
    {
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, n: { type: 'integer' } },
        },
      },
    },
    (request) => ({ received: request.body }),
  );
  app.app.get('/api/probe/crash', { config: { public: true } }, () => {
    throw new Error('connection string postgres://svc:hunter2@db');
  });
  app.app.get('/api/probe/teapot', { config: { public: true } }, () => {
    throw teapot();
  });
  if (options.ready !== false) app.lifecycle.markReady();
  opened = { app, database };
  return { ...app, logLines };
}

describe('HTTP plumbing', () => {
  it('answers unknown /api paths with 404 {message: "Not found"}', async () => {
    const { app } = await appWithProbeRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('rejects malformed JSON with 400 and a message', async () => {
    const { app } = await appWithProbeRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'bad request data: the body is not valid JSON' });
  });

  it('names the field that fails validation', async () => {
    const { app } = await appWithProbeRoutes();
    const missing = await app.inject({ method: 'POST', url: '/api/probe', payload: { n: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'bad request data: body.name is required' });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'x', n: 'many' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: string }>().message).toBe('bad request data: body.n must be integer');
  });

  it('refuses bodies over [server] max_body_bytes with 413 and a message', async () => {
    const { app } = await appWithProbeRoutes({ maxBodyBytes: 100 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'x'.repeat(200) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'request body is larger than the limit of 100 bytes' });
  });

  it('maps declared errors to their status with message and messageId', async () => {
    const { app } = await appWithProbeRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/probe/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ message: 'I am a teapot', messageId: 'test.teapot' });
  });

  it('never leaks internals in a 500, but logs them', async () => {
    const { app, logLines } = await appWithProbeRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expect(logLines.join('\n')).toContain('request failed');
  });

  it('redacts credentials in logs', async () => {
    const { app, logLines } = await appWithProbeRoutes();
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.info(
        { body: { password: 'hunter2' }, datasource: { secureJsonData: { apiKey: 'k-123' } } },
        'seen',
      );
      done();
    });
    await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    const logs = logLines.join('\n');
    // request.log is built lazily (http/lazy-request-logger.ts): its line still names the request
    const seen = logLines
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string })
      .find((l) => l.msg === 'seen');
    expect(seen?.reqId).toMatch(/^req-/);
    expect(logs).toContain('"password":"[REDACTED]"');
    expect(logs).not.toContain('hunter2');
    expect(logs).not.toContain('k-123');
    expect(logs).not.toContain('YWRtaW46YWRtaW4=');
  });

  it('answers API requests with 503 while starting, but serves the operational endpoints', async () => {
    const { app, lifecycle } = await appWithProbeRoutes({ ready: false });
    const api = await app.inject({ method: 'POST', url: '/api/probe', payload: { name: 'x' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ message: 'svc is starting' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    lifecycle.markReady();
    expect((await app.inject({ method: 'POST', url: '/api/probe', payload: { name: 'x' } })).json()).toEqual({
      received: { name: 'x' },
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
