import { useMemo } from 'react';
import { DEFAULT_LINE_WIDTH, stateRows, stateSegments } from '../lib/state-rows.js';
import { StateRowsChart, type StateRowsOptions } from './StateRowsChart.js';
import type { PanelProps } from './types.js';

/** Grafana's state timeline: one row per series, each state a bar lasting until the next. */
export default function StateTimelinePanel({ panel, data, width, height, range, timeZone }: PanelProps) {
  const options = (panel.options ?? {}) as StateRowsOptions & { mergeValues?: boolean };
  const rows = useMemo(() => stateRows(data, panel.fieldConfig), [data, panel.fieldConfig]);
  const points = rows.flatMap((r) => r.points);
  if (points.length === 0) return <div className="panel-empty">No data</div>;
  const from = range?.from ?? Math.min(...points.map((p) => p.time));
  const to = range?.to ?? Math.max(...points.map((p) => p.time));
  const merge = options.mergeValues !== false;
  const custom = panel.fieldConfig?.defaults?.custom as
    { fillOpacity?: number; lineWidth?: number } | undefined;
  return (
    <StateRowsChart
      kind="state-timeline"
      rows={rows}
      boxes={(row) => stateSegments(row.points, merge, to)}
      options={{
        ...options,
        fillOpacity: custom?.fillOpacity ?? 70,
        lineWidth: custom?.lineWidth ?? DEFAULT_LINE_WIDTH['state-timeline'],
      }}
      from={from}
      to={to}
      width={width}
      height={height}
      timeZone={timeZone}
    />
  );
}
