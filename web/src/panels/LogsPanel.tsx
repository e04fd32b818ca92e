import { useMemo } from 'react';
import { LEVEL_COLORS, logRows } from '../lib/logs.js';
import { formatDateTime } from '../lib/time.js';
import { dedupRows, prettifyLine, type DedupStrategy } from './log-display.js';
import type { PanelProps } from './types.js';
import './panels-more.css';

interface Options {
  showTime?: boolean;
  showLabels?: boolean;
  wrapLogMessage?: boolean;
  sortOrder?: 'Descending' | 'Ascending';
  prettifyLogMessage?: boolean;
  dedupStrategy?: DedupStrategy;
}

/** More lines than a panel can usefully show; the newest (or oldest, by sort order) are kept. */
const MAX_LINES = 1000;

/** Grafana's logs panel: one line per row, level as a coloured edge, newest first by default. */
export default function LogsPanel({ panel, data, height, timeZone }: PanelProps) {
  const options = (panel.options ?? {}) as Options;
  const ascending = options.sortOrder === 'Ascending';
  const rows = useMemo(() => {
    const all = logRows(data);
    all.sort((a, b) => (ascending ? a.time - b.time : b.time - a.time));
    return dedupRows(all.slice(0, MAX_LINES), options.dedupStrategy);
  }, [data, ascending, options.dedupStrategy]);
  if (rows.length === 0) return <div className="panel-empty">No data</div>;
  return (
    <div
      className={`logs-panel${options.wrapLogMessage || options.prettifyLogMessage ? ' wrap' : ''}`}
      style={{ height }}
      role="log"
    >
      {rows.map((row, i) => (
        <div
          key={i}
          className="log-row"
          data-testid="log-row"
          data-level={row.level}
          style={{ ['--log-level' as string]: LEVEL_COLORS[row.level] }}
        >
          {options.showTime && <span className="log-time">{formatDateTime(row.time, timeZone)}</span>}
          {row.level !== 'unknown' && <span className="log-level">{row.level}</span>}
          {options.showLabels &&
            Object.entries(row.labels).map(([k, v]) => (
              <span key={k} className="log-time">
                {k}={v}
              </span>
            ))}
          {row.duplicates > 0 && (
            <span className="log-duplicates" data-testid="log-duplicates" title="Duplicates">
              {row.duplicates + 1}x
            </span>
          )}
          <span className="log-line">{options.prettifyLogMessage ? prettifyLine(row.line) : row.line}</span>
        </div>
      ))}
    </div>
  );
}
