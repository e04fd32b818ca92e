import { useState } from 'react';
import {
  DEFAULT_REFRESH_INTERVALS,
  describeRange,
  isRelative,
  parseTyped,
  PRESETS,
  zoomOut,
  type RawTimeRange,
  type TimeRange,
} from '../lib/time.js';
import { ClockIcon, RefreshIcon, ZoomOutIcon } from '../app/icons.js';

interface Props {
  raw: RawTimeRange;
  timeZone: string;
  range: TimeRange | undefined;
  onChange: (raw: RawTimeRange) => void;
  refresh: string;
  refreshIntervals?: string[];
  onRefreshChange: (refresh: string) => void;
  onRefresh: () => void;
}

export function TimePicker({
  raw,
  timeZone,
  range,
  onChange,
  refresh,
  refreshIntervals,
  onRefreshChange,
  onRefresh,
}: Props) {
  const [open, setOpen] = useState(false);
  const listed = refreshIntervals?.length ? refreshIntervals : DEFAULT_REFRESH_INTERVALS;
  // A refresh from the URL or the saved dashboard stays selectable even when it is not listed.
  const intervals = refresh && !listed.includes(refresh) ? [refresh, ...listed] : listed;
  const [from, setFrom] = useState(raw.from);
  const [to, setTo] = useState(raw.to);
  const [error, setError] = useState<string>();

  const apply = () => {
    const now = Date.now();
    const fromTime = parseTyped(from, now, false, timeZone);
    const toTime = parseTyped(to, now, true, timeZone);
    if (fromTime === undefined || toTime === undefined) {
      setError('Use now, now-6h, now/d, or a date such as 2026-01-31 12:00:00');
      return;
    }
    if (fromTime > toTime) {
      setError('"From" must be before "To"');
      return;
    }
    setError(undefined);
    // Typed dates are kept as epoch milliseconds, so the zone they were read in stays applied.
    const store = (text: string, time: number) => (isRelative(text) ? text.trim() : String(time));
    onChange({ from: store(from, fromTime), to: store(to, toTime) });
    setOpen(false);
  };

  const choose = (next: RawTimeRange) => {
    setFrom(next.from);
    setTo(next.to);
    onChange(next);
    setOpen(false);
  };

  const description = describeRange(raw, Date.now(), timeZone);
  return (
    <div className="time-picker">
      <button
        className="time-picker-button"
        aria-expanded={open}
        // the visible text is part of the name (WCAG 2.5.3), after what the button is for
        aria-label={`Time range: ${description}`}
        onClick={() => {
          setFrom(raw.from);
          setTo(raw.to);
          setOpen(!open);
        }}
      >
        <ClockIcon /> {description}
      </button>
      <button
        title="Zoom out time range"
        aria-label="Zoom out"
        disabled={!range}
        onClick={() => {
          if (!range) return;
          const wider = zoomOut(range);
          choose({ from: String(wider.from), to: String(Math.min(wider.to, Date.now())) });
        }}
      >
        <ZoomOutIcon />
      </button>
      <button title="Refresh dashboard" aria-label="Refresh" onClick={onRefresh}>
        <RefreshIcon />
      </button>
      <select
        aria-label="Auto refresh"
        value={refresh}
        onChange={(event) => onRefreshChange(event.target.value)}
      >
        <option value="">Off</option>
        {intervals.map((interval) => (
          <option key={interval} value={interval}>
            {interval}
          </option>
        ))}
      </select>
      {open && (
        <div className="time-picker-dropdown" role="dialog" aria-label="Time range picker">
          <form
            className="absolute"
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <h3>Absolute time range</h3>
            <label>
              From
              <input name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              To
              <input name="to" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
            {error && <div className="field-error">{error}</div>}
            <button type="submit">Apply time range</button>
          </form>
          <ul className="presets">
            {PRESETS.map((preset) => (
              <li key={preset.display}>
                <button
                  className={preset.from === raw.from && preset.to === raw.to ? 'active' : ''}
                  onClick={() => choose({ from: preset.from, to: preset.to })}
                >
                  {preset.display}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
