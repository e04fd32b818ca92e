import { expect } from 'vitest';
import type { TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';

/** The body of an answer that must have `status` (200 by default). */
export async function ok<T = Record<string, any>>(
  response: Promise<{ status: number; body: unknown }>,
  status = 200,
): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
}

/** Folder "Lab" and the default Prometheus data source "prom" at `prometheusUrl` (the alerting tests' world). */
export async function labFolderAndPrometheus(server: TestServer, prometheusUrl: string) {
  const folder = await ok(call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Lab' } }));
  const ds = await ok<{ datasource: { uid: string } }>(
    call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: { name: 'prom', type: 'prometheus', url: prometheusUrl, access: 'proxy', isDefault: true },
    }),
  );
  return { folderUid: folder.uid as string, dsUid: ds.datasource.uid };
}

export const TESTDATA = { type: 'grafana-testdata-datasource', uid: 'e2e-testdata' };

export async function createTestData(server: TestServer): Promise<void> {
  const response = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: {
      name: 'TestData',
      type: TESTDATA.type,
      uid: TESTDATA.uid,
      access: 'proxy',
      url: '',
      isDefault: true,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function createFolder(server: TestServer, title: string, uid: string): Promise<void> {
  const response = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title, uid } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function saveDashboard(
  server: TestServer,
  dashboard: object,
  folderUid?: string,
): Promise<string> {
  const response = await call(server, 'POST', '/api/dashboards/db', {
    as: ADMIN,
    body: { dashboard, folderUid, overwrite: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.url as string;
}

const csv = (refId: string, csvContent: string) => ({
  refId,
  datasource: TESTDATA,
  scenarioId: 'csv_content',
  csvContent,
});

/** A dashboard as Grafana 11 saves it: variables, a row, and one panel of each supported type. */
export function overviewDashboard() {
  return {
    uid: 'e2e-overview',
    title: 'E2E Overview',
    tags: ['e2e', 'demo'],
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    timepicker: { refresh_intervals: ['10s', '1m'] },
    annotations: {
      list: [
        {
          builtIn: 1,
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          name: 'Annotations & Alerts',
          type: 'dashboard',
        },
      ],
    },
    templating: {
      list: [
        {
          name: 'host',
          type: 'custom',
          query: 'alpha,beta,gamma',
          current: { text: 'alpha', value: 'alpha' },
          options: [],
        },
        { name: 'env', type: 'constant', query: 'prod', hide: 2 },
        { name: 'ds', type: 'datasource', query: 'grafana-testdata-datasource', current: {} },
        { name: 'iv', type: 'interval', query: '1m,5m,10m', current: { text: '5m', value: '5m' } },
        { name: 'note', type: 'textbox', query: 'hello' },
        {
          name: 'hosts',
          type: 'custom',
          multi: true,
          includeAll: true,
          query: 'web1,web2,web3',
          current: { text: ['web1', 'web2'], value: ['web1', 'web2'] },
        },
      ],
    },
    panels: [
      {
        id: 1,
        type: 'timeseries',
        title: 'Random walk $host',
        description: 'Two seeded random walks',
        gridPos: { x: 0, y: 0, w: 12, h: 8 },
        datasource: { type: TESTDATA.type, uid: '${ds}' },
        links: [{ title: 'Docs', url: 'https://example.com/docs?host=${host}' }],
        fieldConfig: {
          defaults: {
            unit: 'ms',
            custom: { drawStyle: 'line', lineWidth: 2, fillOpacity: 10, thresholdsStyle: { mode: 'line' } },
            thresholds: {
              mode: 'absolute',
              steps: [
                { value: null, color: 'green' },
                { value: 80, color: 'red' },
              ],
            },
          },
          overrides: [],
        },
        options: {
          legend: { showLegend: true, displayMode: 'table', placement: 'bottom', calcs: ['mean', 'max'] },
          tooltip: { mode: 'multi' },
        },
        targets: [
          {
            refId: 'A',
            datasource: { type: TESTDATA.type, uid: '${ds}' },
            scenarioId: 'random_walk',
            seriesCount: 2,
            seed: 7,
            alias: '$host-$env-[[iv]]-${hosts:csv}',
          },
        ],
      },
      {
        id: 2,
        type: 'stat',
        title: 'Availability',
        gridPos: { x: 12, y: 0, w: 6, h: 4 },
        datasource: TESTDATA,
        fieldConfig: { defaults: { unit: 'percent', decimals: 1 }, overrides: [] },
        options: {
          reduceOptions: { calcs: ['lastNotNull'], values: false },
          colorMode: 'value',
          graphMode: 'none',
        },
        targets: [csv('A', 'value\n97.25')],
      },
      {
        id: 4,
        type: 'gauge',
        title: 'CPU',
        gridPos: { x: 18, y: 0, w: 6, h: 4 },
        datasource: TESTDATA,
        fieldConfig: {
          defaults: {
            unit: 'percent',
            min: 0,
            max: 100,
            thresholds: {
              mode: 'absolute',
              steps: [
                { value: null, color: 'green' },
                { value: 70, color: 'red' },
              ],
            },
          },
          overrides: [],
        },
        targets: [csv('A', 'value\n73')],
      },
      {
        id: 3,
        type: 'table',
        title: 'Hosts',
        gridPos: { x: 12, y: 4, w: 12, h: 6 },
        datasource: TESTDATA,
        fieldConfig: {
          defaults: {},
          overrides: [
            { matcher: { id: 'byName', options: 'bytes' }, properties: [{ id: 'unit', value: 'bytes' }] },
          ],
        },
        targets: [csv('A', 'name,bytes,status\nalpha,1024,1\nbeta,2048,0\ngamma,1048576,1')],
      },
      {
        id: 5,
        type: 'bargauge',
        title: 'Disks',
        gridPos: { x: 0, y: 8, w: 8, h: 6 },
        datasource: TESTDATA,
        fieldConfig: { defaults: { unit: 'percent', min: 0, max: 100 }, overrides: [] },
        targets: [csv('A', 'sda,sdb,sdc\n20,55,90')],
      },
      {
        id: 6,
        type: 'text',
        title: 'Notes',
        gridPos: { x: 8, y: 8, w: 8, h: 6 },
        options: {
          mode: 'markdown',
          content:
            '# Runbook for $host\n\nSee **the docs** and [a bad link](javascript:alert(1)).\n\n<script>window.pwned = true</script>\n\n- one\n- two',
        },
      },
      {
        id: 7,
        type: 'piechart',
        title: 'Share',
        gridPos: { x: 16, y: 10, w: 8, h: 6 },
        datasource: TESTDATA,
        targets: [csv('A', 'used,free\n30,70')],
      },
      { id: 8, type: 'heatmap-nonexistent', title: 'Exotic', gridPos: { x: 0, y: 14, w: 8, h: 4 } },
      {
        id: 9,
        type: 'timeseries',
        title: 'Broken',
        gridPos: { x: 8, y: 14, w: 8, h: 4 },
        datasource: TESTDATA,
        targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'no_such_scenario' }],
      },
      {
        id: 12,
        type: 'stat',
        title: 'Host $hosts',
        repeat: 'hosts',
        gridPos: { x: 16, y: 14, w: 4, h: 4 },
        datasource: TESTDATA,
        options: { graphMode: 'none' },
        targets: [csv('A', 'value\n1')],
      },
      {
        id: 10,
        type: 'row',
        title: 'More for $host',
        collapsed: true,
        gridPos: { x: 0, y: 18, w: 24, h: 1 },
        panels: [
          {
            id: 11,
            type: 'stat',
            title: 'Hidden stat',
            gridPos: { x: 0, y: 19, w: 6, h: 4 },
            datasource: TESTDATA,
            targets: [csv('A', 'value\n5')],
          },
        ],
      },
    ],
  };
}

/** `count` panels of mixed types, four to a row. */
export function manyPanelsDashboard(count: number) {
  const types = ['timeseries', 'stat', 'table', 'gauge', 'bargauge'];
  return {
    uid: 'e2e-many',
    title: 'E2E Forty Panels',
    tags: ['e2e'],
    time: { from: 'now-1h', to: 'now' },
    panels: Array.from({ length: count }, (_, i) => {
      const type = types[i % types.length]!;
      return {
        id: i + 1,
        type,
        title: `Panel ${i + 1}`,
        gridPos: { x: (i % 4) * 6, y: Math.floor(i / 4) * 6, w: 6, h: 6 },
        datasource: TESTDATA,
        targets: [
          type === 'table'
            ? csv('A', 'name,value\na,1\nb,2')
            : { refId: 'A', datasource: TESTDATA, scenarioId: 'random_walk', seriesCount: 2, seed: i },
        ],
      };
    }),
  };
}
