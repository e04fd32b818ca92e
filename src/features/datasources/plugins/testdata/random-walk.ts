import { buildFrame, numberFieldSchema, timeFieldSchema } from '../frames.js';
import { queryIntervalMs, queryMaxDataPoints } from '../interval.js';
import type { DataFrame, DataQuery, TimeRange } from '../types.js';
import { parseLabels, seriesName, type TestDataModel } from './model.js';
import { mulberry32 } from './prng.js';

/**
 * Grafana's random walk, step for step (pkg/tsdb/grafana-testdata-datasource), per series i:
 *
 *   rand    = seed > 0 ? mulberry32(seed + i) : Math.random      (Grafana: Go's math/rand)
 *   walker  = startValue, or rand() * 100 when none is given
 *   t       = from; at most maxDataPoints points while t < to:
 *     value = walker + rand() * noise, clamped to [min, max] (clamping also moves walker)
 *     if drop > 0 and rand() < drop / 100: no point at t
 *     walker += (rand() - 0.5) * spread
 *     t += intervalMs
 */
export function randomWalk(query: DataQuery, model: TestDataModel, range: TimeRange): DataFrame[] {
  const frames: DataFrame[] = [];
  for (let index = 0; index < model.seriesCount; index++) {
    frames.push(walkOne(query, model, range, index));
  }
  return frames;
}

function walkOne(query: DataQuery, model: TestDataModel, range: TimeRange, index: number): DataFrame {
  const rand = model.seed !== undefined && model.seed > 0 ? mulberry32(model.seed + index) : Math.random;
  const intervalMs = queryIntervalMs(query);
  const maxPoints = queryMaxDataPoints(query);
  const drop = model.drop / 100;
  let walker = model.startValue ?? rand() * 100;
  const times: number[] = [];
  const values: number[] = [];
  let time = range.from;
  for (let i = 0; i < maxPoints && time < range.to; i++) {
    let value = walker + rand() * model.noise;
    if (model.min !== undefined && value < model.min) {
      value = model.min;
      walker = model.min;
    }
    if (model.max !== undefined && value > model.max) {
      value = model.max;
      walker = model.max;
    }
    if (!(drop > 0 && rand() < drop)) {
      times.push(time);
      values.push(value);
    }
    walker += (rand() - 0.5) * model.spread;
    time += intervalMs;
  }
  return buildFrame(
    [
      { field: timeFieldSchema('time', { nullable: true, intervalMs }), values: times },
      {
        field: numberFieldSchema(seriesName(query, model, index), {
          nullable: true,
          labels: parseLabels(model.labels, index),
        }),
        values,
      },
    ],
    { refId: query.refId },
  );
}
