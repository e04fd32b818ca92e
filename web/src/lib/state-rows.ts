/**
 * Rows of states for the state timeline and status history panels: one row per non-time field of
 * each frame with a time field, each value turned into text and colour by the field's value
 * mappings and thresholds (the same rules as stat and table cells).
 */

import { paletteColor } from './colors.js';
import { displayValue, effectiveConfig, type DisplayValue, type FieldConfigSource } from './field-config.js';
import { displayName, type PanelData } from './frames.js';
import { formattedToString } from './units.js';

/**
 * Grafana's default outline width of the boxes (custom.lineWidth): none for the state timeline,
 * 1 px for the status history's cells (their panelcfg schemas).
 */
export const DEFAULT_LINE_WIDTH = { 'state-timeline': 0, 'status-history': 1 } as const;

export interface StatePoint {
  time: number;
  value: unknown;
  text: string;
  color: string;
}

export interface StateRow {
  name: string;
  points: StatePoint[];
}

export interface StateSegment extends StatePoint {
  /** where the box starts when not at `time` (status history centres a cell on its point) */
  start?: number;
  /** where the state ends: the next different state, or the end of the range */
  end: number;
}

const isEmpty = (value: unknown) => value === null || value === undefined;

export function stateRows(data: PanelData, source: FieldConfigSource | undefined): StateRow[] {
  const rows: StateRow[] = [];
  // Values without a mapping colour that are not numbers (strings, booleans) get a palette
  // colour per distinct value, shared across rows so "ok" looks the same everywhere.
  const paletteOf = new Map<string, string>();
  const frameCount = data.frames.length;
  for (const frame of data.frames) {
    const time = frame.fields.find((f) => f.type === 'time');
    if (!time) continue;
    const times = time.values.map((v) => (typeof v === 'number' ? v : Date.parse(String(v))));
    for (const field of frame.fields) {
      if (field === time || field.type === 'other') continue;
      const name = displayName(field, frame, frameCount);
      const config = effectiveConfig(field, name, source, frame.refId);
      const hidden = (config.custom as { hideFrom?: { viz?: boolean } } | undefined)?.hideFrom?.viz;
      if (hidden) continue;
      const points: StatePoint[] = [];
      field.values.forEach((value, i) => {
        const at = times[i]!;
        if (!Number.isFinite(at)) return;
        const shown: DisplayValue = displayValue(value, config);
        if (isEmpty(value) && !shown.mapped) {
          points.push({ time: at, value: null, text: '', color: 'transparent' });
          return;
        }
        let color = shown.color;
        const mappedColor = shown.mapped && color !== '#ccccdc';
        if (shown.numeric === null && !mappedColor && config.color?.mode !== 'fixed') {
          const key = formattedToString(shown);
          if (!paletteOf.has(key)) paletteOf.set(key, paletteColor(paletteOf.size));
          color = paletteOf.get(key)!;
        }
        points.push({ time: at, value, text: formattedToString(shown), color });
      });
      points.sort((a, b) => a.time - b.time);
      rows.push({ name: config.displayName ?? name, points });
    }
  }
  return rows;
}

/** The usual distance between points: where a lone last point ends. */
function typicalStep(points: StatePoint[]): number {
  const gaps = points
    .slice(1)
    .map((p, i) => p.time - points[i]!.time)
    .filter((g) => g > 0);
  if (gaps.length === 0) return 60_000;
  return gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
}

/**
 * Grafana's state timeline: each state lasts until the next point; equal neighbours merge when
 * `mergeValues` is on; null points end a state and draw nothing; the last state lasts to `end`.
 */
export function stateSegments(points: StatePoint[], mergeValues: boolean, end?: number): StateSegment[] {
  const segments: StateSegment[] = [];
  const last = points[points.length - 1];
  const finalEnd =
    end !== undefined && last && end > last.time ? end : (last?.time ?? 0) + typicalStep(points);
  points.forEach((point, i) => {
    const next = points[i + 1];
    const until = next ? next.time : finalEnd;
    const previous = segments[segments.length - 1];
    if (
      mergeValues &&
      previous &&
      previous.end === point.time &&
      previous.text === point.text &&
      previous.color === point.color
    ) {
      previous.end = until;
      return;
    }
    segments.push({ ...point, end: until });
  });
  return segments.filter((s) => s.color !== 'transparent' || s.text !== '');
}

/** The cell width of the status history: the usual distance between points. */
export function statusStep(rows: StateRow[]): number {
  return typicalStep(rows.flatMap((r) => r.points).sort((a, b) => a.time - b.time));
}

/** The distinct states drawn, for the legend (first seen first). */
export function legendStates(rows: StateRow[]): { text: string; color: string }[] {
  const seen = new Map<string, { text: string; color: string }>();
  for (const row of rows)
    for (const p of row.points) {
      if (p.color === 'transparent') continue;
      const key = `${p.text}\u0000${p.color}`;
      if (!seen.has(key)) seen.set(key, { text: p.text, color: p.color });
    }
  return [...seen.values()];
}
