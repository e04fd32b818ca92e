/** The visualizations svc draws, with Grafana's names. */
const VISUALIZATIONS = [
  { type: 'timeseries', name: 'Time series' },
  { type: 'stat', name: 'Stat' },
  { type: 'gauge', name: 'Gauge' },
  { type: 'bargauge', name: 'Bar gauge' },
  { type: 'table', name: 'Table' },
  { type: 'piechart', name: 'Pie chart' },
  { type: 'heatmap', name: 'Heatmap' },
  { type: 'state-timeline', name: 'State timeline' },
  { type: 'status-history', name: 'Status history' },
  { type: 'histogram', name: 'Histogram' },
  { type: 'logs', name: 'Logs' },
  { type: 'news', name: 'News' },
  { type: 'text', name: 'Text' },
  { type: 'dashlist', name: 'Dashboard list' },
] as const;

export function VizPicker({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  const known = VISUALIZATIONS.some((v) => v.type === value);
  return (
    <div className="viz-picker" role="radiogroup" aria-label="Visualization">
      {VISUALIZATIONS.map((viz) => (
        <button
          key={viz.type}
          type="button"
          role="radio"
          aria-checked={viz.type === value}
          className={viz.type === value ? 'active' : ''}
          onClick={() => onChange(viz.type)}
        >
          {viz.name}
        </button>
      ))}
      {!known && (
        <button type="button" role="radio" aria-checked className="active" disabled>
          {value} (not supported)
        </button>
      )}
    </div>
  );
}
