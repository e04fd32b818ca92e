import { describe, expect, it } from 'vitest';
import {
  checkDataSourceHealth,
  executeQueryRequest,
  getPlugin,
  listPlugins,
  pluginDisplay,
  queryDataSource,
  queryResponseStatus,
  type DataSourceLookup,
  type DataSourceSettings,
} from '../../../src/features/datasources/plugins/index.js';

function settings(type: string, uid = type): DataSourceSettings {
  return { uid, type, name: uid, url: 'http://127.0.0.1:1', jsonData: {}, secureJsonData: {} };
}

const T0 = Date.UTC(2024, 0, 15, 10);

describe('plugin registry', () => {
  it('serves every built-in type, old ids included', () => {
    for (const type of [
      'prometheus',
      'loki',
      'grafana-postgresql-datasource',
      'postgres',
      'mysql',
      'testdata',
    ]) {
      expect(getPlugin(type), type).toBeDefined();
    }
    expect(getPlugin('postgres')).toBe(getPlugin('grafana-postgresql-datasource'));
    expect(getPlugin('testdata')).toBe(getPlugin('grafana-testdata-datasource'));
    expect(getPlugin('nope')).toBeUndefined();
    expect(listPlugins().map((p) => p.type)).toContain('graphite');
  });

  it('gives list names and logos, the generic icon for unknown types', () => {
    expect(pluginDisplay('prometheus')).toEqual({
      typeName: 'Prometheus',
      typeLogoUrl: 'public/app/plugins/datasource/prometheus/img/prometheus_logo.svg',
    });
    expect(pluginDisplay('my-own-plugin')).toEqual({
      typeName: 'my-own-plugin',
      typeLogoUrl: 'public/img/icn-datasource.svg',
    });
  });

  it('answers UNKNOWN for types without a health check and for unknown types', async () => {
    expect(await checkDataSourceHealth(settings('graphite'))).toEqual({
      status: 'UNKNOWN',
      message: 'Health check is not supported for data sources of type "graphite"',
    });
    expect(await checkDataSourceHealth(settings('my-own-plugin'))).toEqual({
      status: 'UNKNOWN',
      message: 'Unknown data source type "my-own-plugin": no plugin is installed for it',
    });
  });

  it('answers queries for types without query support with per-refId errors', async () => {
    const results = await queryDataSource(settings('loki'), [{ refId: 'A' }, { refId: 'B' }], {
      from: T0,
      to: T0 + 1,
    });
    const error = {
      status: 400,
      frames: [],
      error: 'Query is not supported for data sources of type "loki"',
    };
    expect(results).toEqual({ A: error, B: error });
  });
});

describe('executeQueryRequest', () => {
  const testdata = settings('grafana-testdata-datasource', 'td');
  const lookup = (uid: string): Promise<DataSourceLookup> =>
    Promise.resolve(
      uid === 'td'
        ? { ok: true, ds: testdata }
        : uid === 'secret'
          ? { ok: false, status: 403, message: 'Access denied to datasource' }
          : { ok: false, status: 404, message: 'Data source not found' },
    );

  it('runs each data source’s queries and answers 200 when all succeed', async () => {
    const outcome = await executeQueryRequest(
      {
        from: '1705312800000',
        to: '1705312860000',
        queries: [
          { refId: 'A', datasource: { uid: 'td' }, scenarioId: 'no_data_points' },
          { refId: 'B', datasource: { uid: 'td' }, scenarioId: 'csv_content', csvContent: 'x\n1' },
        ],
      },
      lookup,
    );
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      body: {
        results: {
          A: { status: 200, frames: [] },
          B: {
            status: 200,
            frames: [
              {
                schema: {
                  refId: 'B',
                  fields: [{ name: 'x', type: 'number', typeInfo: { frame: 'int64', nullable: true } }],
                },
                data: { values: [[1]] },
              },
            ],
          },
        },
      },
    });
  });

  it('answers 207 with the lookup’s status for queries it refused', async () => {
    const outcome = await executeQueryRequest(
      {
        from: 'now-1h',
        to: 'now',
        queries: [
          { refId: 'A', datasource: { uid: 'td' }, scenarioId: 'no_data_points' },
          { refId: 'B', datasource: { uid: 'gone' } },
          { refId: 'C', datasource: { uid: 'secret' } },
        ],
      },
      lookup,
    );
    expect(outcome).toEqual({
      ok: true,
      status: 207,
      body: {
        results: {
          A: { status: 200, frames: [] },
          B: { status: 404, frames: [], error: 'Data source not found' },
          C: { status: 403, frames: [], error: 'Access denied to datasource' },
        },
      },
    });
  });

  it('passes the parsed range to the plugin', async () => {
    const now = T0 + 30 * 60_000;
    const outcome = await executeQueryRequest(
      {
        from: 'now-30m',
        to: 'now',
        queries: [
          { refId: 'A', datasource: { uid: 'td' }, scenarioId: 'predictable_pulse', intervalMs: 60_000 },
        ],
      },
      lookup,
      { now },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const times = outcome.body.results.A!.frames[0]!.data.values[0] as number[];
    expect(times[0]).toBe(T0);
    expect(times).toHaveLength(30);
  });

  it.each([
    [{ from: 'now-1h', to: 'now', queries: [] }, 'No queries found in query'],
    [
      { from: 'soon', to: 'now', queries: [{ refId: 'A', datasource: { uid: 'td' } }] },
      'invalid time "soon"',
    ],
    [
      { from: 'now-1h', to: 'now', queries: [{ refId: '', datasource: { uid: 'td' } }] },
      'Every query needs a refId',
    ],
    [{ from: 'now-1h', to: 'now', queries: [{ refId: 'A' }] }, 'Query A names no data source uid'],
  ])('refuses a bad request with 400: %j', async (request, message) => {
    expect(await executeQueryRequest(request, lookup)).toEqual({ ok: false, status: 400, message });
  });

  it('computes 200 vs 207 from the results', () => {
    expect(queryResponseStatus({ A: { status: 200, frames: [] } })).toBe(200);
    expect(
      queryResponseStatus({ A: { status: 200, frames: [] }, B: { status: 500, frames: [], error: 'x' } }),
    ).toBe(207);
  });
});
