import { describe, expect, it } from 'vitest';
import { migratePanel } from '../../../web/src/lib/migrate.js';

describe('old panel types', () => {
  it('turns a graph panel into a time series with its axis, draw style, legend and alias colours', () => {
    const migrated = migratePanel({
      id: 1,
      type: 'graph',
      bars: true,
      linewidth: 2,
      fill: 3,
      stack: true,
      yaxes: [{ format: 'bytes', min: '0', max: null, decimals: 1 }, { format: 'short' }],
      legend: { show: true, alignAsTable: true, rightSide: true, values: true, avg: true, current: true },
      aliasColors: { errors: '#ff0000' },
    } as any);
    expect(migrated.type).toBe('timeseries');
    expect(migrated.fieldConfig?.defaults).toMatchObject({
      unit: 'bytes',
      min: 0,
      decimals: 1,
      custom: { drawStyle: 'bars', lineWidth: 2, fillOpacity: 30, stacking: { mode: 'normal' } },
    });
    expect(migrated.fieldConfig?.overrides).toEqual([
      {
        matcher: { id: 'byName', options: 'errors' },
        properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: '#ff0000' } }],
      },
    ]);
    expect(migrated.options?.legend).toEqual({
      showLegend: true,
      displayMode: 'table',
      placement: 'right',
      calcs: ['mean', 'lastNotNull'],
    });
  });

  it('turns a singlestat into a stat with thresholds, value maps, calc and colour mode', () => {
    const migrated = migratePanel({
      id: 2,
      type: 'singlestat',
      format: 'percent',
      valueName: 'current',
      thresholds: '50,80',
      colors: ['green', 'orange', 'red'],
      colorBackground: true,
      valueMaps: [{ value: '0', op: '=', text: 'DOWN' }],
      mappingType: 1,
    } as any);
    expect(migrated.type).toBe('stat');
    expect(migrated.fieldConfig?.defaults).toMatchObject({
      unit: 'percent',
      thresholds: {
        mode: 'absolute',
        steps: [
          { value: null, color: 'green' },
          { value: 50, color: 'orange' },
          { value: 80, color: 'red' },
        ],
      },
      mappings: [{ type: 'value', options: { '0': { text: 'DOWN' } } }],
    });
    expect(migrated.options).toMatchObject({
      reduceOptions: { calcs: ['lastNotNull'] },
      colorMode: 'background',
    });
  });

  it('keeps panels that already have field config, and migrates inside collapsed rows', () => {
    const modern = { id: 3, type: 'graph', fieldConfig: { defaults: { unit: 'ms' }, overrides: [] } };
    expect(migratePanel(modern)).toBe(modern);
    const row = migratePanel({ id: 4, type: 'row', panels: [{ id: 5, type: 'singlestat' }] });
    expect(row.panels?.[0]?.type).toBe('stat');
  });
});
