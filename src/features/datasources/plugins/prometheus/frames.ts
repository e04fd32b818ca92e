import { buildFrame, numberFieldSchema, timeFieldSchema } from '../frames.js';
import type { DataFrame, FrameMeta } from '../types.js';
import type { PrometheusData } from './client.js';
import { seriesDisplayName } from './legend.js';

/** One series of a Prometheus answer, times in epoch ms. */
export interface PromSeries {
  labels: Record<string, string>;
  times: number[];
  values: number[];
}

/** Prometheus writes sample values as strings, including "NaN", "+Inf" and "-Inf". */
function parseSampleValue(text: unknown): number {
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  return Number(text);
}

/** Sample timestamps are float seconds; frames carry whole milliseconds. */
function sampleTime(seconds: unknown): number {
  return Math.round(Number(seconds) * 1000);
}

function asPair(value: unknown): [unknown, unknown] {
  return Array.isArray(value) ? [value[0], value[1]] : [undefined, undefined];
}

function asLabels(value: unknown): Record<string, string> {
  const labels: Record<string, string> = {};
  if (typeof value === 'object' && value !== null) {
    for (const [key, label] of Object.entries(value)) labels[key] = String(label);
  }
  return labels;
}

/** Matrix, vector and scalar answers as series; string answers have none. */
export function toSeries(data: PrometheusData): PromSeries[] {
  const result = data.result;
  if (data.resultType === 'scalar') {
    const [time, value] = asPair(result);
    return [{ labels: {}, times: [sampleTime(time)], values: [parseSampleValue(value)] }];
  }
  if (!Array.isArray(result)) return [];
  return result.map((item: unknown) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const samples =
      data.resultType === 'matrix' ? (Array.isArray(entry.values) ? entry.values : []) : [entry.value];
    const times: number[] = [];
    const values: number[] = [];
    for (const sample of samples) {
      const [time, value] = asPair(sample);
      times.push(sampleTime(time));
      values.push(parseSampleValue(value));
    }
    return { labels: asLabels(entry.metric), times, values };
  });
}

interface FrameContext {
  refId: string;
  expr: string;
  legendFormat: string;
  stepMs: number;
  meta: FrameMeta;
}

/**
 * Grafana's multi-frame time series: one frame per series, a `Time` field and a `Value` field
 * carrying the labels, named by the legend (frame name and `config.displayNameFromDS`).
 */
export function timeSeriesFrames(series: PromSeries[], context: FrameContext): DataFrame[] {
  return series.map((one) => {
    const name = seriesDisplayName(one.labels, context.legendFormat, context.expr);
    const value = numberFieldSchema('Value', { labels: one.labels });
    if (name !== '') value.config = { displayNameFromDS: name };
    return buildFrame(
      [
        { field: timeFieldSchema('Time', { intervalMs: context.stepMs }), values: one.times },
        { field: value, values: one.values },
      ],
      { refId: context.refId, name, meta: context.meta },
    );
  });
}

/** A frame without fields that still tells the query inspector what ran. */
export function emptyFrame(context: FrameContext): DataFrame {
  return buildFrame([], { refId: context.refId, meta: context.meta });
}
