import { buildFrame, numberFieldSchema, timeFieldSchema } from '../frames.js';
import type { DataFrame, DataQuery, TimeRange } from '../types.js';
import { parseLabels, seriesName, type TestDataModel } from './model.js';

/** Grafana's cap on predictable series, so a wide range cannot produce millions of points. */
const MAX_POINTS = 10_000;

/**
 * Grafana's predictableSeries: points every `stepMs` from `from` truncated down to a multiple of
 * the step, while t < to; the value depends only on t mod (step x length), so every run, range
 * and machine agrees on it.
 */
function predictableSeries(
  range: TimeRange,
  stepMs: number,
  length: number,
  valueAt: (offsetInPeriod: number) => number | null,
): { times: number[]; values: (number | null)[] } {
  const times: number[] = [];
  const values: (number | null)[] = [];
  const period = stepMs * length;
  let cursor = range.from - mod(range.from, stepMs);
  for (let i = 0; i < MAX_POINTS && cursor < range.to; i++) {
    times.push(cursor);
    values.push(valueAt(mod(cursor, period)));
    cursor += stepMs;
  }
  return { times, values };
}

/** Go's % on int64 truncates; epoch times here are positive, so this matches it. */
function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/**
 * predictable_pulse: `onCount` steps at `onValue`, then `offCount` steps at `offValue`,
 * repeating; steps are `timeStep` seconds (defaults 60 s, 3 on at 2, 6 off at 1).
 */
export function predictablePulse(
  query: DataQuery,
  model: TestDataModel,
  range: TimeRange,
): DataFrame[] | string {
  const { timeStep, onCount, offCount, onValue, offValue } = model.pulseWave;
  if (timeStep <= 0) return 'timeStep must be a positive number of seconds';
  if (onCount < 0 || offCount < 0 || onCount + offCount <= 0)
    return 'onCount and offCount must add up to at least 1';
  const stepMs = timeStep * 1000;
  const series = predictableSeries(range, stepMs, onCount + offCount, (offset) =>
    offset < onCount * stepMs ? onValue : offValue,
  );
  return [toFrame(query, seriesName(query, model, 0), parseLabels(model.labels, 0), series, undefined)];
}

/**
 * predictable_csv_wave: each wave repeats its comma-separated values, one per `timeStep` seconds
 * (`null` gives a gap, `nan` NaN). One frame per wave.
 */
export function predictableCsvWave(
  query: DataQuery,
  model: TestDataModel,
  range: TimeRange,
): DataFrame[] | string {
  const frames: DataFrame[] = [];
  for (const [index, wave] of model.csvWave.entries()) {
    const raw = wave.valuesCSV.trim().replace(/,+$/, '');
    if (raw === '') return `csvWave ${index + 1} has no values`;
    const values: (number | null)[] = [];
    for (const part of raw.split(',')) {
      const cell = part.trim();
      if (cell === 'null') values.push(null);
      else if (cell === 'nan') values.push(Number.NaN);
      else if (cell !== '' && Number.isFinite(Number(cell))) values.push(Number(cell));
      else return `csvWave ${index + 1}: "${cell}" is not a number`;
    }
    if (wave.timeStep <= 0) return `csvWave ${index + 1}: timeStep must be a positive number of seconds`;
    const stepMs = wave.timeStep * 1000;
    const series = predictableSeries(
      range,
      stepMs,
      values.length,
      (offset) => values[offset / stepMs] ?? null,
    );
    const name = wave.name !== '' ? wave.name : seriesName(query, model, index);
    frames.push(toFrame(query, name, parseLabels(wave.labels, index), series, wave.name || undefined));
  }
  return frames;
}

function toFrame(
  query: DataQuery,
  fieldName: string,
  labels: Record<string, string> | undefined,
  series: { times: number[]; values: (number | null)[] },
  frameName: string | undefined,
): DataFrame {
  return buildFrame(
    [
      { field: timeFieldSchema('time', { nullable: true }), values: series.times },
      { field: numberFieldSchema(fieldName, { nullable: true, labels }), values: series.values },
    ],
    { refId: query.refId, name: frameName },
  );
}
