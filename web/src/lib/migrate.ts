/**
 * Grafana's own migrations of old panel types, done on load: "graph" becomes "timeseries" and
 * "singlestat" becomes "stat", with their settings carried into field config and options.
 */

import type { FieldConfig, Threshold, ValueMapping } from './frames.js';
import type { Panel } from './model.js';

interface GraphPanel extends Panel {
  lines?: boolean;
  linewidth?: number;
  fill?: number;
  bars?: boolean;
  points?: boolean;
  pointradius?: number;
  stack?: boolean;
  percentage?: boolean;
  steppedLine?: boolean;
  decimals?: number;
  yaxes?: {
    format?: string;
    min?: number | string | null;
    max?: number | string | null;
    decimals?: number | null;
  }[];
  legend?: {
    show?: boolean;
    alignAsTable?: boolean;
    rightSide?: boolean;
    values?: boolean;
    min?: boolean;
    max?: boolean;
    avg?: boolean;
    current?: boolean;
    total?: boolean;
  };
  aliasColors?: Record<string, string>;
  thresholds?: unknown;
}

interface SinglestatPanel extends Panel {
  format?: string;
  decimals?: number;
  valueName?: string;
  thresholds?: unknown;
  colors?: string[];
  colorValue?: boolean;
  colorBackground?: boolean;
  prefix?: string;
  postfix?: string;
  sparkline?: { show?: boolean };
  valueMaps?: { value?: string; text?: string; op?: string }[];
  rangeMaps?: { from?: string; to?: string; text?: string }[];
  mappingType?: number;
  minValue?: number;
  maxValue?: number;
}

const hasFieldConfig = (panel: Panel) => Object.keys(panel.fieldConfig?.defaults ?? {}).length > 0;

const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

function fromGraph(panel: GraphPanel): Panel {
  const axis = panel.yaxes?.[0] ?? {};
  const legend = panel.legend ?? {};
  const calcs = legend.values
    ? (
        [
          ['min', 'min'],
          ['max', 'max'],
          ['avg', 'mean'],
          ['current', 'lastNotNull'],
          ['total', 'sum'],
        ] as const
      )
        .filter(([key]) => legend[key])
        .map(([, calc]) => calc)
    : [];
  const drawStyle = panel.bars ? 'bars' : panel.points && panel.lines === false ? 'points' : 'line';
  const defaults: FieldConfig = {
    unit: axis.format,
    min: toNumber(axis.min),
    max: toNumber(axis.max),
    decimals: toNumber(axis.decimals) ?? panel.decimals,
    custom: {
      drawStyle,
      lineWidth: panel.linewidth ?? 1,
      fillOpacity: (panel.fill ?? 1) * 10,
      showPoints: panel.points ? 'always' : 'never',
      pointSize: (panel.pointradius ?? 2) * 2 + 1,
      lineInterpolation: panel.steppedLine ? 'stepAfter' : 'linear',
      stacking: { mode: panel.stack ? (panel.percentage ? 'percent' : 'normal') : 'none', group: 'A' },
    },
  };
  const overrides = Object.entries(panel.aliasColors ?? {}).map(([name, color]) => ({
    matcher: { id: 'byName', options: name },
    properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: color } }],
  }));
  return {
    ...panel,
    type: 'timeseries',
    fieldConfig: { defaults, overrides },
    options: {
      ...panel.options,
      legend: {
        showLegend: legend.show !== false,
        displayMode: legend.alignAsTable ? 'table' : 'list',
        placement: legend.rightSide ? 'right' : 'bottom',
        calcs,
      },
      tooltip: { mode: 'multi' },
    },
  };
}

const SINGLESTAT_CALCS: Record<string, string> = {
  current: 'lastNotNull',
  avg: 'mean',
  min: 'min',
  max: 'max',
  total: 'sum',
  first: 'firstNotNull',
  delta: 'delta',
  diff: 'diff',
  range: 'range',
};

function fromSinglestat(panel: SinglestatPanel): Panel {
  const colors = panel.colors ?? ['#299c46', 'rgba(237, 129, 40, 0.89)', '#d44a3a'];
  const limits =
    typeof panel.thresholds === 'string' ? panel.thresholds.split(',').map((t) => toNumber(t.trim())) : [];
  const steps: Threshold[] = [{ value: null, color: colors[0] ?? 'green' }];
  limits.forEach((limit, index) => {
    if (limit !== undefined) steps.push({ value: limit, color: colors[index + 1] ?? 'red' });
  });
  const mappings: ValueMapping[] = [];
  if (panel.mappingType !== 2) {
    const options: Record<string, { text?: string }> = {};
    for (const map of panel.valueMaps ?? [])
      if (map.value !== undefined) options[map.value] = { text: map.text };
    if (Object.keys(options).length > 0) mappings.push({ type: 'value', options });
  } else {
    for (const map of panel.rangeMaps ?? []) {
      mappings.push({
        type: 'range',
        options: {
          from: toNumber(map.from) ?? null,
          to: toNumber(map.to) ?? null,
          result: { text: map.text },
        },
      });
    }
  }
  const unit = panel.prefix || panel.postfix ? `suffix:${panel.postfix ?? ''}` : panel.format;
  return {
    ...panel,
    type: 'stat',
    fieldConfig: {
      defaults: {
        unit: panel.prefix ? `prefix:${panel.prefix}` : unit,
        decimals: panel.decimals,
        min: panel.minValue,
        max: panel.maxValue,
        thresholds: { mode: 'absolute', steps },
        mappings,
      },
      overrides: [],
    },
    options: {
      reduceOptions: { calcs: [SINGLESTAT_CALCS[panel.valueName ?? 'avg'] ?? 'mean'], values: false },
      colorMode: panel.colorBackground ? 'background' : panel.colorValue ? 'value' : 'none',
      graphMode: panel.sparkline?.show ? 'area' : 'none',
      textMode: 'value',
    },
  };
}

export function migratePanel(panel: Panel): Panel {
  if (panel.type === 'row' && panel.panels) return { ...panel, panels: panel.panels.map(migratePanel) };
  if (panel.type === 'graph' && !hasFieldConfig(panel)) return fromGraph(panel);
  if (panel.type === 'singlestat' && !hasFieldConfig(panel)) return fromSinglestat(panel);
  return panel;
}
