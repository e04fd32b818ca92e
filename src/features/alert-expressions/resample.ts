import type { TimeRange } from '../datasources/plugins/types.js';
import { reducePoints } from './reduce.js';
import { NO_DATA, type Results, type SeriesValue } from './values.js';

export const DOWNSAMPLERS = ['sum', 'mean', 'min', 'max', 'last'] as const;
export type Downsampler = (typeof DOWNSAMPLERS)[number];
export const UPSAMPLERS = ['pad', 'backfilling', 'fillna'] as const;
export type Upsampler = (typeof UPSAMPLERS)[number];

export class ResampleError extends Error {}

export interface ResampleSpec {
  windowMs: number;
  downsampler: Downsampler;
  upsampler: Upsampler;
}

/**
 * Grafana's `resample`: puts every series on a regular grid `from, from+window, ... <= to` over
 * the query range. Each grid point takes the points at or before it that earlier grid points
 * did not take (reduced by the downsampler); a grid point that took none is filled by the
 * upsampler: `pad` repeats the last point seen, `backfilling` takes the next one, `fillna` null.
 */
export function resampleResults(input: Results, spec: ResampleSpec, range: TimeRange): Results {
  if (input.kind === 'noData') return NO_DATA;
  const slots = Math.floor((range.to - range.from) / spec.windowMs);
  if (slots <= 0) {
    throw new ResampleError(
      'the series cannot be sampled further; the time range is shorter than the interval',
    );
  }
  return {
    kind: 'values',
    values: input.values.map((value) => {
      if (value.kind !== 'series') throw new ResampleError('can only resample type series, got type number');
      return resampleSeries(value, spec, range.from, slots);
    }),
  };
}

function resampleSeries(series: SeriesValue, spec: ResampleSpec, from: number, slots: number): SeriesValue {
  const times: number[] = [];
  const values: (number | null)[] = [];
  let next = 0; // first point not yet taken by a grid point
  let lastSeen: number | null = null;
  for (let slot = 0; slot <= slots; slot++) {
    const time = from + slot * spec.windowMs;
    const taken: (number | null)[] = [];
    while (next < series.times.length && series.times[next]! <= time) {
      lastSeen = series.values[next] ?? null;
      taken.push(lastSeen);
      next++;
    }
    times.push(time);
    // a lone point is kept as is (a null stays null); several are reduced, strictly
    if (taken.length === 1) values.push(taken[0]!);
    else if (taken.length > 1) values.push(reducePoints(taken, spec.downsampler, { mode: 'strict' }));
    else if (spec.upsampler === 'pad') values.push(lastSeen);
    else if (spec.upsampler === 'backfilling')
      values.push(next < series.values.length ? (series.values[next] ?? null) : null);
    else values.push(null);
  }
  return { kind: 'series', labels: series.labels, times, values };
}
