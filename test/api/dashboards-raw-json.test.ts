import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { openRawSql } from '../helpers/raw-sql.js';
import type { Schema } from '../helpers/schema-fields.js';
import {
  DashboardResponse,
  HomeResponse,
  VersionWithDataResponse,
} from '../../src/features/dashboards/dashboards.schema.js';

/**
 * The routes that answer a stored dashboard model as pre-serialised text (docs/PERFORMANCE.md:
 * the model is spliced in unparsed) declare response schemas for the OpenAPI document. Fastify
 * sends a string with a JSON content type as it is: the schema's serializer must never run on
 * them. Every serializer call is recorded here by route to prove it.
 */
const serialised = vi.hoisted(() => [] as string[]);
vi.mock('../../src/http/serialization.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/http/serialization.js')>();
  type Route = { method: string; url: string };
  return {
    ...original,
    buildSerializer: (checked: boolean) => {
      const build = original.buildSerializer(checked) as unknown as (
        ...args: unknown[]
      ) => (route: Route) => (data: unknown) => string;
      return ((...args: unknown[]) => {
        const compile = build(...args);
        return (route: Route) => {
          const serialize = compile(route);
          return (data: unknown) => {
            serialised.push(`${route.method} ${route.url}`);
            return serialize(data);
          };
        };
      }) as unknown as ReturnType<typeof original.buildSerializer>;
    },
  };
});

/**
 * Where `value` departs from `schema` (no serializer checks these answers): a missing or
 * undeclared field of a closed object, a wrong JSON type, a wrong constant.
 */
function departures(schema: Schema, value: unknown, at = ''): string[] {
  if (schema.anyOf) {
    const each = schema.anyOf.map((branch) => departures(branch, value, at));
    return each.some((d) => d.length === 0) ? [] : each.flat();
  }
  if (schema.const !== undefined)
    return schema.const === value ? [] : [`${at}: not ${JSON.stringify(schema.const)}`];
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const expected = schema.type === 'integer' ? 'number' : schema.type;
  if (expected && expected !== type) return [`${at}: ${type}, not ${schema.type}`];
  if (type === 'array' && schema.items)
    return (value as unknown[]).flatMap((item, i) => departures(schema.items!, item, `${at}/${i}`));
  if (type !== 'object' || !schema.properties) return [];
  const object = value as Record<string, unknown>;
  const found: string[] = [];
  for (const name of schema.required ?? []) if (!(name in object)) found.push(`${at}/${name}: missing`);
  for (const [name, field] of Object.entries(object)) {
    const declared = schema.properties[name];
    if (declared) found.push(...departures(declared, field, `${at}/${name}`));
    else if (schema.additionalProperties !== true) found.push(`${at}/${name}: not in the schema`);
  }
  return found;
}
const schemaOf = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Schema;

/** A dashboard of about `bytes` bytes: many panels, with text that JSON escapes. */
function bigDashboard(bytes: number) {
  const panels = [];
  for (let id = 1; JSON.stringify(panels).length < bytes; id++) {
    panels.push({
      id,
      type: 'timeseries',
      title: `Panel ${id} — «quoted» "text" \\ with \u00e9 and \u{1F600}`,
      gridPos: { h: 8, w: 12, x: (id % 2) * 12, y: id * 8 },
      targets: [{ refId: 'A', expr: `rate(http_requests_total{job="api",code=~"5.."}[5m]) * ${id}` }],
      options: { legend: { displayMode: 'table', placement: 'bottom' }, thresholds: [0.5, 1e-7, 12345.678] },
    });
  }
  return { title: 'Big dashboard', tags: ['big'], schemaVersion: 39, panels };
}

describe('GET /api/dashboards/uid/{uid} answers the stored model as it was stored', () => {
  it('a 300 KB dashboard comes back byte-identical, and no response schema re-serialises it', async () => {
    const server = await startTestServer();
    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: bigDashboard(300_000) },
    });
    expect(saved.status).toBe(200);
    const { uid, id } = saved.body as { uid: string; id: number };

    const sql = await openRawSql(server.config);
    let stored: string;
    let storedVersion: string;
    try {
      const q = sql.quote;
      [{ data: stored }] = (await sql.query<{ data: string }>(
        `SELECT ${q('data')} FROM ${q('dashboard')} WHERE ${q('id')} = ${id}`,
      )) as [{ data: string }];
      [{ data: storedVersion }] = (await sql.query<{ data: string }>(
        `SELECT ${q('data')} FROM ${q('dashboard_version')} WHERE ${q('dashboard_id')} = ${id} AND ${q('version')} = 1`,
      )) as [{ data: string }];
    } finally {
      await sql.close();
    }
    expect(stored.length).toBeGreaterThan(300_000);

    serialised.length = 0;
    const response = await fetch(`${server.url}/api/dashboards/uid/${uid}`, {
      headers: { authorization: ADMIN.authorization! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    // {"meta":{…},"dashboard":<the stored text, byte for byte>}
    expect(text.startsWith('{"meta":{')).toBe(true);
    expect(text.endsWith(`,"dashboard":${stored}}`)).toBe(true);
    expect(JSON.parse(text)).toMatchObject({
      meta: { version: 1 },
      dashboard: { uid, title: 'Big dashboard' },
    });
    // the documented schema is what is sent
    expect(departures(schemaOf(DashboardResponse), JSON.parse(text))).toEqual([]);

    const version = await fetch(`${server.url}/api/dashboards/uid/${uid}/versions/1`, {
      headers: { authorization: ADMIN.authorization! },
    });
    expect(version.status).toBe(200);
    const versionText = await version.text();
    expect(versionText.endsWith(`,"data":${storedVersion}}`)).toBe(true);
    expect(departures(schemaOf(VersionWithDataResponse), JSON.parse(versionText))).toEqual([]);
    const legacy = await fetch(`${server.url}/api/dashboards/id/${id}/versions/1`, {
      headers: { authorization: ADMIN.authorization! },
    });
    expect((await legacy.text()).endsWith(`,"data":${storedVersion}}`)).toBe(true);
    const home = await call(server, 'GET', '/api/dashboards/home', { as: ADMIN });
    expect(home.status).toBe(200);
    expect(departures(schemaOf(HomeResponse), home.body)).toEqual([]);

    // None of the pre-serialised answers went through a serializer; a plain JSON route does.
    expect(serialised).toEqual([]);
    const tags = await call(server, 'GET', '/api/dashboards/tags', { as: ADMIN });
    expect(tags.status).toBe(200);
    expect(serialised).toEqual(['GET /api/dashboards/tags']);
  });
});
