import { buildFrame, numberFieldSchema, timeFieldSchema } from '../datasources/plugins/frames.js';
import type { DataFrame, FrameMeta } from '../datasources/plugins/types.js';
import type { Results, Value } from './values.js';

/**
 * An expression's output in the wire form `/api/v1/eval` shows, as Grafana writes it: one frame
 * per number (a single nullable number field named by the refId, carrying the labels), one
 * Time + value frame per series, and one field-less frame for NoData.
 */
export function resultsToFrames(refId: string, results: Results): DataFrame[] {
  const meta: FrameMeta | undefined =
    results.notices && results.notices.length > 0
      ? { notices: results.notices.map((text) => ({ severity: 'warning' as const, text })) }
      : undefined;
  const options = { refId, ...(meta ? { meta } : {}) };
  if (results.kind === 'noData') return [buildFrame([], options)];
  return results.values.map((value) => valueFrame(refId, value, options));
}

function valueFrame(refId: string, value: Value, options: { refId: string; meta?: FrameMeta }): DataFrame {
  const field = numberFieldSchema(refId, { nullable: true, labels: value.labels });
  if (value.kind === 'number') return buildFrame([{ field, values: [value.value] }], options);
  return buildFrame(
    [
      { field: timeFieldSchema('Time'), values: value.times },
      { field, values: value.values },
    ],
    options,
  );
}
