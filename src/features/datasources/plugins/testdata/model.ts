import type { DataQuery } from '../types.js';

/** The testdata query fields svc understands (names as in Grafana's TestData data source). */
export interface TestDataModel {
  scenarioId: string;
  alias: string;
  labels: string;
  seriesCount: number;
  seed?: number;
  min?: number;
  max?: number;
  startValue?: number;
  spread: number;
  noise: number;
  /** percentage (0-100) of points to drop */
  drop: number;
  csvContent: string;
  pulseWave: {
    timeStep: number;
    onCount: number;
    offCount: number;
    onValue: number | null;
    offValue: number | null;
  };
  csvWave: { timeStep: number; valuesCSV: string; labels: string; name: string }[];
}

export function readTestDataModel(query: DataQuery): TestDataModel {
  const pulse = record(query.pulseWave);
  const waves = Array.isArray(query.csvWave) ? query.csvWave : [];
  return {
    scenarioId: text(query.scenarioId) || 'random_walk',
    alias: text(query.alias),
    labels: text(query.labels),
    seriesCount: Math.max(1, Math.floor(num(query.seriesCount) ?? 1)),
    seed: num(query.seed),
    min: num(query.min),
    max: num(query.max),
    startValue: num(query.startValue),
    spread: num(query.spread) ?? 1,
    noise: num(query.noise) ?? 0,
    drop: num(query.drop) ?? 0,
    csvContent: text(query.csvContent),
    // Grafana's defaults for the pulse scenario
    pulseWave: {
      timeStep: num(pulse.timeStep) ?? 60,
      onCount: num(pulse.onCount) ?? 3,
      offCount: num(pulse.offCount) ?? 6,
      onValue: nullableNum(pulse.onValue, 2),
      offValue: nullableNum(pulse.offValue, 1),
    },
    csvWave: waves.map((wave) => {
      const w = record(wave);
      return {
        timeStep: num(w.timeStep) ?? 60,
        valuesCSV: text(w.valuesCSV),
        labels: text(w.labels),
        name: text(w.name),
      };
    }),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Numbers may arrive as JSON numbers or as numeric strings from form inputs. */
function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

function nullableNum(value: unknown, fallback: number): number | null {
  if (value === null || value === 'null') return null;
  return num(value) ?? fallback;
}

/**
 * Grafana's labels string: `{a="x", b="y"}` or `a=x, b=y`; `$seriesIndex` becomes the series
 * number. Undefined when there are none.
 */
export function parseLabels(textValue: string, seriesIndex: number): Record<string, string> | undefined {
  const body = textValue
    .replaceAll('$seriesIndex', String(seriesIndex))
    .trim()
    .replace(/^\{/, '')
    .replace(/\}$/, '');
  if (body.trim() === '') return undefined;
  const labels: Record<string, string> = {};
  for (const pair of body.split(',')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const key = pair.slice(0, eq).trim();
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key !== '') labels[key] = value;
  }
  return Object.keys(labels).length > 0 ? labels : undefined;
}

/** Grafana's series naming: the alias, else `<refId>-series`, `<refId>-series1`, ... */
export function seriesName(query: DataQuery, model: TestDataModel, index: number): string {
  if (model.alias !== '') return model.alias.replaceAll('$seriesIndex', String(index));
  return `${query.refId}-series${index > 0 ? index : ''}`;
}
