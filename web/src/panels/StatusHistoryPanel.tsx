import { useMemo } from 'react';
import { DEFAULT_LINE_WIDTH, stateRows, statusStep } from '../lib/state-rows.js';
import { StateRowsChart, type StateRowsOptions } from './StateRowsChart.js';
import type { PanelProps } from './types.js';

/** Grafana's status history: one row per series, one cell per point, `colWidth` of the spacing. */
export default function StatusHistoryPanel({ panel, data, width, height, range, timeZone }: PanelProps) {
  const options = (panel.options ?? {}) as StateRowsOptions & { colWidth?: number };
  const rows = useMemo(() => stateRows(data, panel.fieldConfig), [data, panel.fieldConfig]);
  const points = rows.flatMap((r) => r.points);
  if (points.length === 0) return <div className="panel-empty">No data</div>;
  const step = statusStep(rows);
  const colWidth = Math.max(0.05, Math.min(1, options.colWidth ?? 0.9));
  const from = range?.from ?? Math.min(...points.map((p) => p.time)) - step / 2;
  const to = range?.to ?? Math.max(...points.map((p) => p.time)) + step / 2;
  const custom = panel.fieldConfig?.defaults?.custom as
    { fillOpacity?: number; lineWidth?: number } | undefined;
  return (
    <StateRowsChart
      kind="status-history"
      rows={rows}
      boxes={(row) =>
        row.points
          .filter((p) => p.color !== 'transparent')
          .map((p) => ({ ...p, start: p.time - (step * colWidth) / 2, end: p.time + (step * colWidth) / 2 }))
      }
      options={{
        ...options,
        fillOpacity: custom?.fillOpacity ?? 70,
        lineWidth: custom?.lineWidth ?? DEFAULT_LINE_WIDTH['status-history'],
      }}
      from={from}
      to={to}
      width={width}
      height={height}
      timeZone={timeZone}
    />
  );
}
