/** A mute timing as the API shows it, and its validation (pure). */

import { muteTimingInvalid } from './mute-timings.errors.js';
import type { MuteTimingRow } from './mute-timings.store.js';
import {
  formatTimeInterval,
  parseTimeInterval,
  TimeIntervalError,
  type TimeInterval,
  type TimeIntervalSpec,
} from './time-interval.js';

export interface MuteTimingInput {
  name: string;
  time_intervals?: TimeIntervalSpec[];
}

/**
 * Validates a mute timing and returns its intervals in Grafana's normalized spelling, or throws
 * the 400 naming the field.
 */
export function normalizedIntervals(input: MuteTimingInput): TimeIntervalSpec[] {
  if (input.name.trim() === '') throw muteTimingInvalid('name: must not be empty');
  try {
    return (input.time_intervals ?? []).map((spec, i) =>
      formatTimeInterval(parseTimeInterval(spec, `time_intervals[${i}]`)),
    );
  } catch (err) {
    if (err instanceof TimeIntervalError) throw muteTimingInvalid(err.message);
    throw err;
  }
}

/** The stored (already validated) intervals, ready for containsTime. */
export function storedIntervals(row: Pick<MuteTimingRow, 'time_intervals'>): TimeInterval[] {
  const specs = JSON.parse(row.time_intervals) as TimeIntervalSpec[];
  return specs.map((spec, i) => parseTimeInterval(spec, `time_intervals[${i}]`));
}

/** Grafana's MuteTimeInterval JSON: provenance only when there is one. */
export function presentMuteTiming(row: MuteTimingRow) {
  return {
    name: row.name,
    time_intervals: JSON.parse(row.time_intervals) as TimeIntervalSpec[],
    version: String(row.version),
    ...(row.provenance ? { provenance: row.provenance } : {}),
  };
}

const LIST_FIELDS = ['weekdays', 'days_of_month', 'months', 'years'] as const;
type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
// YAML reads `days_of_month: [1, -1]` and `years: [2024]` as numbers: take them as their text.
const asText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** A `muteTimes` item of a provisioning file in the API's shape, or the 400 naming the field. */
export function fromFileItem(item: Loose): MuteTimingInput {
  const name = asText(item.name);
  if (name === undefined) throw muteTimingInvalid('name: must be a string');
  if (item.time_intervals !== undefined && !Array.isArray(item.time_intervals)) {
    throw muteTimingInvalid('time_intervals: must be a list');
  }
  const intervals = ((item.time_intervals as unknown[] | undefined) ?? []).map((raw, i) => {
    const at = `time_intervals[${i}]`;
    if (!isObject(raw)) throw muteTimingInvalid(`${at}: must be a mapping`);
    const spec: TimeIntervalSpec = {};
    for (const field of LIST_FIELDS) {
      const values = raw[field];
      if (values === undefined || values === null) continue;
      if (!Array.isArray(values)) throw muteTimingInvalid(`${at}.${field}: must be a list`);
      spec[field] = values.map((v, j) => {
        const value = asText(v);
        if (value === undefined) throw muteTimingInvalid(`${at}.${field}[${j}]: must be a string`);
        return value;
      });
    }
    if (raw.times !== undefined && raw.times !== null) {
      if (!Array.isArray(raw.times)) throw muteTimingInvalid(`${at}.times: must be a list`);
      spec.times = raw.times.map((t, j) => {
        if (!isObject(t)) throw muteTimingInvalid(`${at}.times[${j}]: must be a mapping`);
        return { start_time: asText(t.start_time), end_time: asText(t.end_time) };
      });
    }
    if (raw.location !== undefined && raw.location !== null) {
      if (typeof raw.location !== 'string') throw muteTimingInvalid(`${at}.location: must be a string`);
      spec.location = raw.location;
    }
    return spec;
  });
  return { name, time_intervals: intervals };
}
