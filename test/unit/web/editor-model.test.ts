import { describe, expect, it } from 'vitest';
import { linkUrl, tagSearchPath } from '../../../web/src/lib/dashboard-links.js';
import { expandRowRepeats } from '../../../web/src/lib/repeat.js';
import { exportExternally } from '../../../web/src/editor/model/export.js';
import { clampPos, placeItem } from '../../../web/src/editor/model/grid.js';
import { inputsOf, parseDashboard } from '../../../web/src/editor/model/import.js';
import { applyImportInputs } from '../../../src/features/dashboards/import/import-template.js';
import {
  addPanel,
  duplicatePanel,
  newRow,
  normalizeForEdit,
  removePanel,
  setPosition,
  toggleRow,
} from '../../../web/src/editor/model/panels.js';
import { validateModelText, variableNameError } from '../../../web/src/editor/model/validate.js';

const item = (key: string, x: number, y: number, w: number, h: number) => ({ key, pos: { x, y, w, h } });
const positions = (items: { key: string; pos: { x: number; y: number; w: number; h: number } }[]) =>
  Object.fromEntries(items.map((i) => [i.key, [i.pos.x, i.pos.y, i.pos.w, i.pos.h]]));
const layout = (panels: any[] | undefined) =>
  (panels ?? []).map((p) => [p.type ?? 'panel', p.id, p.gridPos.x, p.gridPos.y, p.gridPos.w, p.gridPos.h]);

describe('grid moves', () => {
  const a = item('a', 0, 0, 12, 8);
  const b = item('b', 0, 8, 12, 8);

  it('swaps two panels when one is dragged onto the top of the other, and compacts upwards', () => {
    expect(positions(placeItem([a, b], 'a', { x: 0, y: 8, w: 12, h: 8 }, a))).toEqual({
      b: [0, 0, 12, 8],
      a: [0, 8, 12, 8],
    });
    // Dragging only a little keeps the order; a gap below closes.
    expect(positions(placeItem([a, b], 'a', { x: 0, y: 3, w: 12, h: 8 }, a))).toEqual({
      a: [0, 0, 12, 8],
      b: [0, 8, 12, 8],
    });
    expect(positions(placeItem([a, b], 'b', { x: 12, y: 20, w: 12, h: 8 }, b))).toEqual({
      a: [0, 0, 12, 8],
      b: [12, 0, 12, 8],
    });
  });

  it('pushes what a resized or new item overlaps down, and keeps positions inside the grid', () => {
    const c = item('c', 12, 0, 12, 4);
    expect(positions(placeItem([a, c], 'a', { x: 0, y: 0, w: 16, h: 8 }, a))).toEqual({
      a: [0, 0, 16, 8],
      c: [12, 8, 12, 4],
    });
    const added = item('new', 0, 0, 12, 8);
    expect(positions(placeItem([a, c], 'new', added.pos, added))).toEqual({
      new: [0, 0, 12, 8],
      c: [12, 0, 12, 4],
      a: [0, 8, 12, 8],
    });
    expect(clampPos({ x: 20, y: -3, w: 10, h: 0 })).toEqual({ x: 14, y: 0, w: 10, h: 1 });
    expect(clampPos({ x: 0, y: 0, w: 40, h: 2.6 })).toEqual({ x: 0, y: 0, w: 24, h: 3 });
  });
});

describe('panel edits', () => {
  const model = normalizeForEdit({
    title: 'x',
    panels: [
      { id: 1, type: 'stat', gridPos: { x: 0, y: 0, w: 12, h: 8 } },
      { type: 'text', gridPos: { x: 12, y: 0, w: 12, h: 8 } },
      { id: 5, type: 'row', title: 'R', collapsed: false, gridPos: { x: 0, y: 8, w: 24, h: 1 } },
      { id: 6, type: 'stat', gridPos: { x: 0, y: 9, w: 6, h: 4 } },
    ],
  });

  it('gives every panel an id and converts Grafana 4 rows', () => {
    expect(model.panels!.map((p) => p.id)).toEqual([1, 7, 5, 6]);
    const old = normalizeForEdit({
      rows: [
        { title: 'Old', panels: [{ type: 'graph', span: 6 } as any, { type: 'singlestat', span: 6 } as any] },
      ],
    });
    expect(old.rows).toBeUndefined();
    expect(old.panels!.map((p) => [p.type, p.id, p.gridPos?.w])).toEqual([
      ['row', 1000, 24],
      ['timeseries', 1001, 12],
      ['stat', 1002, 12],
    ]);
  });

  it('adds panels and rows at the top, duplicates beside or below, and moves rows full width', () => {
    const added = addPanel(model, { type: 'timeseries', gridPos: { x: 0, y: 0, w: 12, h: 8 } });
    expect(added.id).toBe(8);
    expect(layout(added.model.panels)).toEqual([
      ['timeseries', 8, 0, 0, 12, 8],
      ['text', 7, 12, 0, 12, 8],
      ['stat', 1, 0, 8, 12, 8],
      ['row', 5, 0, 16, 24, 1],
      ['stat', 6, 0, 17, 6, 4],
    ]);
    expect(layout(addPanel(model, newRow()).model.panels)[0]).toEqual(['row', 8, 0, 0, 24, 1]);
    const copy = duplicatePanel(model, 6);
    expect(layout(copy.model.panels).at(-1)).toEqual(['stat', 8, 6, 9, 6, 4]);
    expect(layout(duplicatePanel(model, 1).model.panels).map((p) => p.slice(1))).toEqual([
      [1, 0, 0, 12, 8],
      [8, 12, 0, 12, 8],
      [7, 12, 8, 12, 8],
      [5, 0, 16, 24, 1],
      [6, 0, 17, 6, 4],
    ]);
    expect(layout(setPosition(model, 5, { x: 5, y: 0, w: 3, h: 3 }).panels)[0]).toEqual([
      'row',
      5,
      0,
      0,
      24,
      1,
    ]);
  });

  it('keeps panels in their row when others push them, and moves panels and rows between sections', () => {
    // Panel 6 sits under the row: growing panel 1 pushes the row down, and 6 stays below it.
    const grown = setPosition(model, 1, { x: 0, y: 0, w: 12, h: 20 });
    expect(layout(grown.panels)).toEqual([
      ['stat', 1, 0, 0, 12, 20],
      ['text', 7, 12, 0, 12, 8],
      ['row', 5, 0, 20, 24, 1],
      ['stat', 6, 0, 21, 6, 4],
    ]);
    // Dropping the text panel below the row header moves it into the row.
    const moved = setPosition(model, 7, { x: 6, y: 9, w: 12, h: 8 });
    expect(layout(moved.panels)).toEqual([
      ['stat', 1, 0, 0, 12, 8],
      ['row', 5, 0, 8, 24, 1],
      ['stat', 6, 0, 9, 6, 4],
      ['text', 7, 6, 9, 12, 8],
    ]);
    // A row dragged to the top takes every panel above its old place.
    expect(layout(setPosition(model, 5, { x: 0, y: 0, w: 24, h: 1 }).panels)).toEqual([
      ['row', 5, 0, 0, 24, 1],
      ['stat', 1, 0, 1, 12, 8],
      ['text', 7, 12, 1, 12, 8],
      ['stat', 6, 0, 9, 6, 4],
    ]);
  });

  it('collapses a row with its panels inside, expands it back, and removing a row keeps its panels', () => {
    const collapsed = toggleRow(model, 5);
    expect(layout(collapsed.panels)).toEqual([
      ['stat', 1, 0, 0, 12, 8],
      ['text', 7, 12, 0, 12, 8],
      ['row', 5, 0, 8, 24, 1],
    ]);
    expect(collapsed.panels![2]).toMatchObject({ collapsed: true, panels: [{ id: 6 }] });
    const expanded = toggleRow(collapsed, 5);
    expect(layout(expanded.panels)).toEqual(layout(model.panels));
    expect(expanded.panels![2]).toMatchObject({ collapsed: false, panels: [] });
    expect(layout(removePanel(collapsed, 5).panels)).toEqual([
      ['stat', 1, 0, 0, 12, 8],
      ['text', 7, 12, 0, 12, 8],
      ['stat', 6, 0, 8, 6, 4],
    ]);
    expect(removePanel(model, 7).panels!.map((p) => p.id)).toEqual([1, 5, 6]);
  });
});

describe('export and import', () => {
  const datasources = [
    { uid: 'prom-1', name: 'My Prometheus', type: 'prometheus', isDefault: true },
    { uid: 'td', name: 'TestData', type: 'grafana-testdata-datasource' },
  ];
  const model = {
    id: 12,
    uid: 'abc',
    title: 'Shared',
    panels: [
      {
        id: 1,
        type: 'timeseries',
        datasource: { type: 'prometheus', uid: 'prom-1' },
        targets: [{ refId: 'A', expr: 'up' }],
      },
      { id: 2, type: 'stat', targets: [{ refId: 'A', datasource: 'TestData' }] },
      { id: 3, type: 'stat', datasource: { uid: '${ds}' }, targets: [{ refId: 'A' }] },
      { id: 4, type: 'text' },
      {
        id: 5,
        type: 'row',
        collapsed: true,
        panels: [{ id: 6, type: 'timeseries', datasource: null, targets: [{ refId: 'A' }] }],
      },
    ],
    templating: {
      list: [
        {
          name: 'job',
          type: 'query',
          datasource: { type: 'prometheus', uid: 'prom-1' },
          query: 'label_values(job)',
          options: [{ text: 'a', value: 'a' }],
          current: { text: 'a', value: 'a' },
        },
        { name: 'ds', type: 'datasource', query: 'prometheus' },
      ],
    },
  };

  it('replaces concrete data sources by inputs, keeps variables, and clears query variable values', () => {
    const shared = exportExternally(model, datasources) as any;
    expect(shared.id).toBeNull();
    expect(shared.uid).toBe('abc');
    expect(shared.__inputs).toEqual([
      {
        name: 'DS_MY_PROMETHEUS',
        label: 'My Prometheus',
        description: '',
        type: 'datasource',
        pluginId: 'prometheus',
        pluginName: 'prometheus',
      },
      {
        name: 'DS_TESTDATA',
        label: 'TestData',
        description: '',
        type: 'datasource',
        pluginId: 'grafana-testdata-datasource',
        pluginName: 'grafana-testdata-datasource',
      },
    ]);
    expect(shared.panels[0].datasource).toEqual({ type: 'prometheus', uid: '${DS_MY_PROMETHEUS}' });
    expect(shared.panels[1].targets[0].datasource).toEqual({
      type: 'grafana-testdata-datasource',
      uid: '${DS_TESTDATA}',
    });
    expect(shared.panels[1].datasource).toBeUndefined();
    expect(shared.panels[2].datasource).toEqual({ uid: '${ds}' });
    expect(shared.panels[3].datasource).toBeUndefined();
    expect(shared.panels[4].panels[0].datasource).toEqual({ type: 'prometheus', uid: '${DS_MY_PROMETHEUS}' });
    expect(shared.templating.list[0]).toMatchObject({
      datasource: { uid: '${DS_MY_PROMETHEUS}' },
      options: [],
      current: {},
    });
    expect(shared.__requires.map((r: any) => `${r.type}:${r.id}`)).toEqual([
      'datasource:grafana-testdata-datasource',
      'datasource:prometheus',
      'grafana:grafana',
      'panel:stat',
      'panel:text',
      'panel:timeseries',
    ]);
    expect(model.panels[0]!.datasource).toEqual({ type: 'prometheus', uid: 'prom-1' });

    // what the UI exports, the server's import takes back (POST /api/dashboards/import)
    const { dashboard: imported } = applyImportInputs(shared, [
      { name: 'DS_MY_PROMETHEUS', type: 'datasource', value: 'other-prom' },
      { name: 'DS_TESTDATA', type: 'datasource', value: 'td2' },
    ]);
    expect(imported.__inputs).toBeUndefined();
    expect(imported.__requires).toBeUndefined();
    expect((imported.panels as any)[0].datasource).toEqual({ type: 'prometheus', uid: 'other-prom' });
    expect((imported.panels as any)[2].datasource).toEqual({ uid: '${ds}' });
    expect(inputsOf(shared).map((i) => i.name)).toEqual(['DS_MY_PROMETHEUS', 'DS_TESTDATA']);
  });

  it('reads files: JSON errors, non-objects, and API responses wrapping the model', () => {
    expect(parseDashboard('{').error).toMatch(/^Not valid JSON/);
    expect(parseDashboard('[1]').error).toBe('A dashboard is a JSON object');
    expect(parseDashboard(JSON.stringify({ dashboard: { title: 'In' }, meta: {} })).model).toEqual({
      title: 'In',
    });
  });
});

describe('validation', () => {
  it('checks variable names as Grafana does', () => {
    expect(variableNameError('', [])).toBe('Name is required');
    expect(variableNameError('__x', [])).toMatch(/cannot begin with "__"/);
    expect(variableNameError('a b', [])).toMatch(/Only word characters/);
    expect(variableNameError('env', ['env'])).toMatch(/same name/);
    expect(variableNameError('env_2', ['env'])).toBeUndefined();
  });

  it('lists every problem of a JSON model', () => {
    expect(validateModelText('{"title": ', 'u').errors[0]).toMatch(/^Invalid JSON/);
    expect(validateModelText('[]', 'u').errors).toEqual(['The dashboard model must be a JSON object']);
    expect(
      validateModelText(
        JSON.stringify({
          uid: 'other',
          title: ' ',
          tags: [1],
          panels: [{ gridPos: { x: 'a' } }, 3],
          templating: { list: [{ name: 'a b' }] },
          time: { from: 'now-1h' },
        }),
        'u',
      ).errors,
    ).toEqual([
      '"title" must be a non-empty string',
      '"uid" cannot be changed here (it is "u")',
      '"tags" must be a list of strings',
      'panels[0].gridPos must have numeric x, y, w and h',
      'panels[1] must be an object',
      'templating.list[0]: Only word characters are allowed in variable names',
      '"time" must have "from" and "to" strings',
    ]);
    const ok = validateModelText(JSON.stringify({ uid: 'u', title: 'Fine', panels: [] }), 'u');
    expect(ok).toEqual({ model: { uid: 'u', title: 'Fine', panels: [] }, errors: [] });
  });
});

describe('row repeats and dashboard links', () => {
  const values = (name: string) => (name === 'dc' ? { values: ['a', 'b'], texts: ['A', 'B'] } : undefined);

  it('copies a repeated row with its panels per value and moves what follows down', () => {
    const out = expandRowRepeats(
      [
        { id: 1, type: 'row', repeat: 'dc', title: 'Row $dc', gridPos: { x: 0, y: 0, w: 24, h: 1 } },
        { id: 2, type: 'stat', gridPos: { x: 0, y: 1, w: 8, h: 4 } },
        { id: 3, type: 'row', title: 'Next', gridPos: { x: 0, y: 5, w: 24, h: 1 } },
        { id: 4, type: 'stat', gridPos: { x: 0, y: 6, w: 8, h: 2 } },
      ],
      values,
    );
    expect(out.map((p) => [p.id, p.type, p.gridPos?.y, p.scopedVars?.dc?.value])).toEqual([
      [1, 'row', 0, 'a'],
      [2, 'stat', 1, 'a'],
      [undefined, 'row', 5, 'b'],
      [undefined, 'stat', 6, 'b'],
      [3, 'row', 10, undefined],
      [4, 'stat', 11, undefined],
    ]);
    expect(new Set(out.map((p) => p.repeatKey ?? `panel-${p.id}`)).size).toBe(6);

    const collapsed = expandRowRepeats(
      [
        {
          id: 1,
          type: 'row',
          repeat: 'dc',
          collapsed: true,
          gridPos: { x: 0, y: 0, w: 24, h: 1 },
          panels: [{ id: 2, type: 'stat', gridPos: { x: 0, y: 1, w: 8, h: 4 } }],
        },
      ],
      values,
    );
    expect(collapsed).toMatchObject([
      { gridPos: { y: 0 }, panels: [{ scopedVars: { dc: { text: 'A' } } }] },
      { gridPos: { y: 1 }, panels: [{ scopedVars: { dc: { text: 'B' } } }] },
    ]);
  });

  it('builds link URLs with the time range and variable values', () => {
    const state = { from: 'now-6h', to: 'now', variables: [{ name: 'dc', values: ['a', 'b'] }] };
    expect(linkUrl('/d/x/y?orgId=1#top', { keepTime: true, includeVars: true }, state)).toBe(
      '/d/x/y?orgId=1&from=now-6h&to=now&var-dc=a&var-dc=b#top',
    );
    expect(linkUrl('https://e.com/a', {}, state)).toBe('https://e.com/a');
    expect(tagSearchPath(['a', 'b c'])).toBe('/api/search?type=dash-db&limit=100&tag=a&tag=b+c');
  });
});
