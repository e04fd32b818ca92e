import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { mergeOverrides, testConfig } from '../helpers/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { nodeExporterHistory, startNodeExporter, type NodeExporter } from '../helpers/peers/node-exporter.js';
import { startPrometheus, type PrometheusServer } from '../helpers/prometheus.js';
import { ok } from './seed.js';
import { newPage, openSignedIn, useChromium, type OpenedPage } from './session.js';

// Issue #21 item 3: the community dashboards of test/fixtures/dashboards (copies of the shared
// reference set), imported through POST /api/dashboards/import with their data source input mapped
// to a real Prometheus that scrapes a real node exporter, drawn in Chromium over four ranges. The
// collapsed rows are opened as a user would, one click each, so every panel is checked: it draws its
// data or, where Prometheus has no series for its queries (Apache and Unbound have no exporter
// here), says "No data"; none shows an error, and the browser logs none.

useChromium({ hookTimeout: 300_000 });

const FIXTURES = join(projectRoot, 'test', 'fixtures', 'dashboards');
const RANGES = ['now-5m', 'now-6h', 'now-24h', 'now-7d'];
const SHOTS = '/tmp/gallery-shots';
/** the issue's bound: navigation to a usable panel grid */
const INTERACTIVE_MS = 2000;
/** how long the panels may take to settle, and a whole case (see `settled`) */
const SETTLE_TIMEOUT_MS = 120_000;
const CASE_TIMEOUT_MS = 200_000;
/** the job Prometheus scrapes the node exporter as (startPrometheus' staticTargets) */
const JOB = 'static';

interface PanelModel {
  id: number;
  type: string;
  title?: string;
  collapsed?: boolean;
  panels?: PanelModel[];
  targets?: { expr?: string; hide?: boolean }[];
}
interface DashboardJson {
  uid?: string;
  id?: number | null;
  title: string;
  panels: PanelModel[];
  __inputs?: { name: string; type: string; pluginId: string }[];
}

const DASHBOARDS = ['node-exporter-full', 'apache-full', 'unbound-full'].map((name) => ({
  name,
  json: JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as DashboardJson,
}));

/** Every panel but rows, those inside collapsed rows included. */
const leafPanels = (panels: PanelModel[]): PanelModel[] =>
  panels.flatMap((p) => (p.type === 'row' ? leafPanels(p.panels ?? []) : [p]));

let exporter: NodeExporter;
let prometheus: PrometheusServer;
let database: TestDatabase;
let svc: RunningServer;
const serverErrors: string[] = [];
let session: OpenedPage;
/** Node Exporter Full with rows open: the issue's page of 40 panels */
const OPEN_PANELS = 40;
let openedUrl: string;
const imported = new Map<string, { url: string; expected: Map<number, Expected> }>();

beforeAll(async () => {
  exporter = await startNodeExporter();
  // two hours of the node exporter's own values before now, then live scrapes every second
  const history = await nodeExporterHistory(exporter, {
    job: JOB,
    hours: 2,
    stepSeconds: 15,
    endMs: Date.now() - 2000,
  });
  prometheus = await startPrometheus({ staticTargets: [exporter.target], backfill: history });
  database = await createTestDatabase();
  const config = testConfig(mergeOverrides(database.overrides, {}));
  svc = await startServer(config, undefined, {
    write: (line: string) => {
      if (line.includes('"msg":"request failed"')) serverErrors.push(line.trim());
    },
  });
  const server = { ...svc, config };
  const ds = await ok<{ datasource: { uid: string } }>(
    call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: { name: 'Prometheus', type: 'prometheus', access: 'proxy', url: prometheus.url, isDefault: true },
    }),
  );
  const variables = await templateValues();
  for (const { name, json } of DASHBOARDS) {
    const url = await importDashboard(server, json, ds.datasource.uid);
    imported.set(name, { url, expected: await expectedOutcomes(json, variables) });
  }
  const opened = openRows(DASHBOARDS[0]!.json, OPEN_PANELS);
  openedUrl = await importDashboard(server, opened, ds.datasource.uid);
  session = await newPage(server, { viewport: { width: 1600, height: 1000 } });
  await openSignedIn(session.page, '/');
}, 180_000);

/**
 * The import page's request: each data source input answered with the chosen data source. Resolves
 * to the dashboard's URL once the saved model names the data source, not the input, everywhere.
 */
async function importDashboard(server: TestServer, json: DashboardJson, dsUid: string): Promise<string> {
  const inputs = (json.__inputs ?? []).map((input) => ({
    name: input.name,
    type: input.type,
    pluginId: input.pluginId,
    value: dsUid,
  }));
  const answer = await ok<{ uid: string; importedUrl: string; imported: boolean }>(
    call(server, 'POST', '/api/dashboards/import', {
      as: ADMIN,
      body: { dashboard: json, inputs, overwrite: true, folderUid: '' },
    }),
  );
  expect(answer.imported).toBe(true);
  const saved = await ok(call(server, 'GET', `/api/dashboards/uid/${answer.uid}`, { as: ADMIN }));
  const text = JSON.stringify(saved.dashboard);
  for (const input of inputs) {
    expect(text).not.toContain(`\${${input.name}}`);
    expect(text).toContain(`"uid":"${dsUid}"`);
  }
  expect(leafPanels(saved.dashboard.panels as PanelModel[])).toHaveLength(leafPanels(json.panels).length);
  return answer.importedUrl;
}

/**
 * `json` as a new dashboard whose first collapsed rows are saved open, as many as give at least
 * `count` panels on the page when it opens (the rows' panels follow their row, as Grafana saves an
 * open row).
 */
function openRows(json: DashboardJson, count: number): DashboardJson {
  const panels: PanelModel[] = [];
  let open = json.panels.filter((p) => p.type !== 'row').length;
  for (const panel of json.panels) {
    if (panel.type === 'row' && panel.collapsed && open < count) {
      panels.push({ ...panel, collapsed: false, panels: [] }, ...(panel.panels ?? []));
      open += panel.panels?.length ?? 0;
    } else panels.push(panel);
  }
  // a dashboard of its own next to the original: another uid and title
  return { ...json, uid: `open-${count}`, id: null, title: `${json.title} (${count} panels open)`, panels };
}

afterAll(async () => {
  await session?.context.close();
  await svc?.shutdown();
  await database?.drop();
  await prometheus?.stop();
  await exporter?.stop();
});

/** The values the node exporter dashboard's variables resolve to: its job, node name and instance. */
async function templateValues(): Promise<Record<string, string>> {
  const answer = await instantQuery(`node_uname_info{job="${JOB}"}`);
  const labels = answer[0]?.metric ?? {};
  expect(labels.nodename, 'node_uname_info has a node name').toBeTruthy();
  return { job: JOB, nodename: labels.nodename!, node: labels.instance!, instance: labels.instance! };
}

async function instantQuery(expr: string): Promise<{ metric: Record<string, string>; value: unknown }[]> {
  const response = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; error?: string; data?: { result: any } };
  expect(body.status, `${expr}: ${body.error}`).toBe('success');
  const result = body.data!.result;
  return Array.isArray(result) ? result : [{ metric: {}, value: result }];
}

const NO_PANELS: ReadonlySet<number> = new Set();

/**
 * Time series of a ratio of two rates (a disk's wait time per I/O): 0/0, NaN, in every window where
 * the device did nothing, and the windows grow with the range (\$__rate_interval). Whether they
 * have a finite point at a range's steps depends on the machine's disk activity, so they must
 * settle without an error but are not required to draw (gaps, as in Grafana). In CI Disk Average
 * Wait Time drew nothing at 6h/24h/7d while the instant query at 1m windows had finite values.
 */
const RATIO_OF_RATES = /\/\s*\(?\s*(sum\s*\()?\s*i?rate\(/;
const mayShowGapsOnly = (panel: PanelModel) =>
  panel.type === 'timeseries' && (panel.targets ?? []).some((t) => t.expr && RATIO_OF_RATES.test(t.expr));

/** What Prometheus itself answers for a panel's queries now: finite values, only NaN (0/0…), or nothing. */
type Expected = 'finite' | 'nan' | 'none';

/**
 * Each panel's queries asked of Prometheus directly, with the variables filled in as the dashboard
 * picks them: the panels with finite values must draw them, those without series must say "No data".
 */
async function expectedOutcomes(
  json: DashboardJson,
  variables: Record<string, string>,
): Promise<Map<number, Expected>> {
  const fill = (expr: string) =>
    expr
      .replace(/\$\{?__rate_interval\}?/g, '1m')
      .replace(/\$\{?__interval\}?/g, '1m')
      .replace(/\$\{?__range\}?/g, '1h')
      .replace(/\$\{?(\w+)(?::\w+)?\}?/g, (_, name: string) => variables[name] ?? '');
  const expected = new Map<number, Expected>();
  for (const panel of leafPanels(json.panels)) {
    let outcome: Expected = 'none';
    for (const target of panel.targets ?? []) {
      if (target.hide || !target.expr) continue;
      const values = (await instantQuery(fill(target.expr))).map((r) =>
        Number((r.value as [number, string])[1]),
      );
      if (values.some(Number.isFinite)) outcome = 'finite';
      else if (values.length > 0 && outcome === 'none') outcome = 'nan';
    }
    expected.set(panel.id, outcome);
  }
  return expected;
}

interface PanelOutcome {
  id: number;
  title: string;
  type: string;
  state: string;
  error: string | null;
  empty: string | null;
  drawn: boolean;
  /** the start of the panel body's text, for failure messages */
  text: string;
}

/** What each panel on the page shows: an error, "No data", or its data drawn (by panel type). */
function panelOutcomes(page: Page): Promise<PanelOutcome[]> {
  return page.$$eval('.grid [data-panel-id]', (nodes: any[]) =>
    nodes.map((node) => {
      const type = node.getAttribute('data-panel-type') as string;
      const points = node.querySelector('.timeseries-panel')?.getAttribute('data-point-count');
      const marks =
        '[data-testid="stat-value"], .gauge-value, [data-testid="bargauge-item"], [data-testid="state-box"], [data-testid="heatmap-cell"]';
      return {
        id: Number(node.getAttribute('data-panel-id')),
        title: node.getAttribute('aria-label') as string,
        type,
        state: node.getAttribute('data-state') as string,
        error:
          node.querySelector('.panel-error')?.textContent ??
          node.querySelector('.panel-error-icon')?.getAttribute('title') ??
          null,
        empty: node.querySelector('.panel-empty')?.textContent ?? null,
        drawn: type === 'timeseries' ? Number(points ?? 0) > 0 : node.querySelector(marks) !== null,
        text: ((node.querySelector('.panel-body')?.textContent as string) ?? '').slice(0, 60),
      };
    }),
  );
}

/**
 * Milliseconds from the start of the navigation (the page's own clock) until the grid holds a
 * frame for each of the `count` panels on the page.
 */
async function gridRendered(page: Page, count: number): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) =>
      (globalThis as any).document.querySelectorAll('.grid [data-panel-id]').length === expected &&
      ((globalThis as any).performance.now() as number),
    count,
    { polling: 'raf', timeout: 10_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Waits until every panel shows its data drawn, "No data" or an error (bodies load lazily). On a
 * loaded machine (CI runs every tier at once) the range queries of 125 panels over hours of data
 * queue behind Chromium's six connections to the server for well over 30 s: the wait is long, and
 * the time it took is logged, not asserted. A timeout names the panels still unsettled.
 */
async function settled(page: Page, count: number, gapsOnly: ReadonlySet<number> = NO_PANELS): Promise<void> {
  await expect
    .poll(
      async () => {
        const outcomes = await panelOutcomes(page);
        if (outcomes.length !== count) return [`${outcomes.length} of ${count} panels on the page`];
        return outcomes
          .filter(
            (o) =>
              !(o.state === 'done' || o.state === 'error') ||
              !(o.drawn || o.empty !== null || o.error !== null || gapsOnly.has(o.id)),
          )
          .map((o) => `${o.id} "${o.title}" (${o.type}): state ${o.state}, body "${o.text}"`);
      },
      { timeout: SETTLE_TIMEOUT_MS },
    )
    .toEqual([]);
}

/**
 * The whole dashboard in one picture (for people, not assertions), through a viewport as tall as
 * the page: Playwright's full-page capture squeezes the page while it shoots, and the charts
 * would be drawn for that size.
 */
async function screenshotWhole(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(
    () => (globalThis as any).document.documentElement.scrollHeight as number,
  );
  await page.setViewportSize({ width: viewport.width, height });
  const count = await page.locator('.grid [data-panel-id]').count();
  await settled(page, count);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'node-exporter-full-24h.png') });
  await page.setViewportSize(viewport);
}

/** Opens every collapsed row, one click at a time (each click moves the rows below it). */
async function expandRows(page: Page): Promise<void> {
  for (;;) {
    const closed = page.locator('.grid button.row-header[aria-expanded="false"]');
    if ((await closed.count()) === 0) return;
    await closed.first().click();
  }
}

describe.each(DASHBOARDS)('$name in Chromium', ({ name, json }) => {
  const leaves = leafPanels(json.panels);
  const gapsOnly = new Set(leaves.filter(mayShowGapsOnly).map((p) => p.id));
  const visible = json.panels.filter((p) => p.type !== 'row');

  it.each(RANGES)(
    `imports and draws every panel over %s`,
    async (from) => {
      const { page, errors } = session;
      errors.splice(0);
      const { url, expected } = imported.get(name)!;
      const finite = leaves.filter((p) => expected.get(p.id) === 'finite');
      if (name === 'node-exporter-full') expect(finite.length).toBeGreaterThan(leaves.length / 2);
      else expect([...expected.values()].every((e) => e === 'none')).toBe(true); // no Apache or Unbound exporter here

      // Interactive: the grid with a frame for each panel outside the collapsed rows, measured by the
      // page's own clock from the start of the navigation.
      await page.goto(`${url}?from=${from}&to=now`, { waitUntil: 'commit' });
      const gridMs = await gridRendered(page, visible.length);
      console.log(`${name} ${from}: ${visible.length} panels in the grid after ${Math.round(gridMs)} ms`);
      expect(gridMs).toBeLessThanOrEqual(INTERACTIVE_MS);

      await expandRows(page);
      await settled(page, leaves.length, gapsOnly);
      const settledMs = await page.evaluate(() => (globalThis as any).performance.now() as number);
      console.log(`${name} ${from}: all ${leaves.length} panels settled after ${Math.round(settledMs)} ms`);

      const outcomes = await panelOutcomes(page);
      if (name === 'node-exporter-full' && from === 'now-24h') await screenshotWhole(page);
      expect(outcomes.map((o) => o.id).sort()).toEqual(leaves.map((p) => p.id).sort());
      expect(outcomes.filter((o) => o.error !== null)).toEqual([]);
      // finite values are drawn, no series says "No data". Series of NaN only (SWAP Used on a host
      // without swap: 0/0) reach the panel as NaN through the frames' `entities`, and a stat, gauge or
      // bar gauge shows "NaN" as Grafana does (not the dashboard's null mapping "N/A").
      const wrong = outcomes.filter((o) =>
        expected.get(o.id) === 'finite'
          ? !o.drawn && !gapsOnly.has(o.id)
          : expected.get(o.id) === 'none' && o.empty !== 'No data',
      );
      expect(
        wrong.map(
          (o) =>
            `${o.id} ${o.type} "${o.title}" (${expected.get(o.id)}): ${o.drawn ? 'drawn' : `"${o.empty}"`} (${o.text})`,
        ),
        'panels draw exactly where Prometheus has series',
      ).toEqual([]);
      const nanOnly = outcomes.filter((o) => expected.get(o.id) === 'nan');
      if (nanOnly.length > 0)
        console.log(`${name}: NaN only: ${nanOnly.map((o) => `${o.title}: ${o.text}`).join('; ')}`);
      const reduced = nanOnly.filter((o) => ['stat', 'gauge', 'bargauge'].includes(o.type));
      expect(
        reduced
          .filter((o) => !o.text.includes('NaN'))
          .map((o) => `${o.id} ${o.type} "${o.title}": ${o.text}`),
        'single-value panels over NaN-only series show "NaN"',
      ).toEqual([]);
      expect(errors).toEqual([]);
      expect(serverErrors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});

describe(`Node Exporter Full with ${OPEN_PANELS} panels open in Chromium`, () => {
  const open = openRows(DASHBOARDS[0]!.json, OPEN_PANELS).panels.filter((p) => p.type !== 'row');

  it.each(RANGES)(
    'is usable within 2 s of navigation over %s',
    async (from) => {
      const { page, errors } = session;
      errors.splice(0);
      expect(open.length).toBeGreaterThanOrEqual(OPEN_PANELS);
      await page.goto(`${openedUrl}?from=${from}&to=now`, { waitUntil: 'commit' });
      const gridMs = await gridRendered(page, open.length);
      console.log(
        `${OPEN_PANELS} panels open, ${from}: ${open.length} panels in the grid after ${Math.round(gridMs)} ms`,
      );
      expect(gridMs).toBeLessThanOrEqual(INTERACTIVE_MS);
      await settled(page, open.length);
      const settledMs = await page.evaluate(() => (globalThis as any).performance.now() as number);
      console.log(`${OPEN_PANELS} panels open, ${from}: settled after ${Math.round(settledMs)} ms`);
      expect((await panelOutcomes(page)).filter((o) => o.error !== null)).toEqual([]);
      expect(errors).toEqual([]);
      expect(serverErrors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
