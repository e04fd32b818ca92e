/** Field config as Grafana applies it: defaults, overrides by name, thresholds and value mappings. */

import { resolveColor } from './colors.js';
import {
  valueText,
  type Field,
  type FieldConfig,
  type Threshold,
  type ThresholdsConfig,
  type ValueMapping,
} from './frames.js';
import { formatValue, type FormattedValue } from './units.js';

export interface FieldConfigSource {
  defaults?: FieldConfig;
  overrides?: {
    matcher?: { id?: string; options?: unknown };
    properties?: { id?: string; value?: unknown }[];
  }[];
}

export const DEFAULT_THRESHOLDS: ThresholdsConfig = {
  mode: 'absolute',
  steps: [
    { value: null, color: 'green' },
    { value: 80, color: 'red' },
  ],
};

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cursor = target;
  for (const key of keys.slice(0, -1)) {
    const next = cursor[key];
    cursor[key] = typeof next === 'object' && next !== null ? { ...(next as Record<string, unknown>) } : {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[keys[keys.length - 1]!] = value;
}

function matches(
  matcher: { id?: string; options?: unknown } | undefined,
  field: Field,
  name: string,
): boolean {
  const options = matcher?.options;
  switch (matcher?.id) {
    case 'byName':
      return options === name || options === field.name;
    case 'byRegexp':
      try {
        return typeof options === 'string' && new RegExp(options).test(name);
      } catch {
        return false;
      }
    case 'byType':
      return options === field.type;
    case 'byFrameRefID':
      return false;
    default:
      return false;
  }
}

/**
 * The effective config of a field: what the data source sent, then the panel's defaults, then each
 * matching override's properties (`custom.x` paths allowed), in order.
 */
export function effectiveConfig(
  field: Field,
  name: string,
  source: FieldConfigSource | undefined,
  refId?: string,
): FieldConfig {
  const config: Record<string, unknown> = { ...field.config, ...(source?.defaults ?? {}) };
  if (field.config.custom || source?.defaults?.custom)
    config.custom = { ...field.config.custom, ...source?.defaults?.custom };
  if (field.config.displayNameFromDS) config.displayNameFromDS = field.config.displayNameFromDS;
  for (const override of source?.overrides ?? []) {
    const hit =
      override.matcher?.id === 'byFrameRefID'
        ? override.matcher.options === refId
        : matches(override.matcher, field, name);
    if (!hit) continue;
    for (const property of override.properties ?? []) {
      if (property.id) setPath(config, property.id, property.value);
    }
  }
  return config;
}

/** The threshold step a value falls in (the last step whose value is ≤ it; the base step has null). */
export function thresholdFor(
  value: number,
  thresholds: ThresholdsConfig | undefined,
  min = 0,
  max = 100,
): Threshold {
  const config = thresholds && thresholds.steps.length > 0 ? thresholds : DEFAULT_THRESHOLDS;
  const steps = config.steps;
  let chosen = steps[0]!;
  const compared = config.mode === 'percentage' && max !== min ? ((value - min) / (max - min)) * 100 : value;
  for (const step of steps) {
    if (step.value === null || step.value === undefined || compared >= step.value) chosen = step;
  }
  return chosen;
}

export interface DisplayValue extends FormattedValue {
  numeric: number | null;
  color: string;
  /** set when a value mapping replaced the text */
  mapped?: boolean;
}

/** Applies value mappings; returns the mapping result (text and/or colour) or undefined. */
function applyMappings(
  value: unknown,
  mappings: ValueMapping[] | undefined,
): { text?: string; color?: string } | undefined {
  for (const mapping of mappings ?? []) {
    const options = mapping.options;
    if (mapping.type === 'value') {
      const hit = (options as Record<string, { text?: string; color?: string }>)[String(value)];
      if (hit) return hit;
    } else if (mapping.type === 'range') {
      const { from, to, result } = options as {
        from?: number | null;
        to?: number | null;
        result?: { text?: string; color?: string };
      };
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isNaN(n)) continue;
      if ((from === null || from === undefined || n >= from) && (to === null || to === undefined || n <= to))
        return result;
    } else if (mapping.type === 'regex') {
      const { pattern, result } = options as { pattern?: string; result?: { text?: string; color?: string } };
      if (!pattern) continue;
      try {
        const regex = new RegExp(pattern);
        const text = String(value);
        if (regex.test(text))
          return { ...result, text: result?.text ? text.replace(regex, result.text) : undefined };
      } catch {
        continue;
      }
    } else if (mapping.type === 'special') {
      const { match, result } = options as { match?: string; result?: { text?: string; color?: string } };
      const isMatch =
        (match === 'null' && (value === null || value === undefined)) ||
        (match === 'nan' && typeof value === 'number' && Number.isNaN(value)) ||
        (match === 'null+nan' && (value === null || value === undefined || Number.isNaN(value))) ||
        (match === 'true' && value === true) ||
        (match === 'false' && value === false) ||
        (match === 'empty' && value === '');
      if (isMatch) return result;
    }
  }
  return undefined;
}

/** A value ready to show: mapped or formatted with unit and decimals, coloured by thresholds. */
export function displayValue(value: unknown, config: FieldConfig): DisplayValue {
  const mapped = applyMappings(value, config.mappings);
  // Grafana compat: NaN is neither formatted nor coloured by thresholds (it shows as "NaN" in the
  // base colour); ±Inf are formatted ("∞") and take the outermost threshold step.
  const numeric = typeof value === 'number' && !Number.isNaN(value) ? value : null;
  const isNaNumber = typeof value === 'number' && Number.isNaN(value);
  const thresholdColor =
    numeric !== null || isNaNumber
      ? thresholdFor(numeric ?? -Infinity, config.thresholds, config.min ?? 0, config.max ?? 100).color
      : undefined;
  const fixedColor = config.color?.mode === 'fixed' ? config.color.fixedColor : undefined;
  const color = resolveColor(mapped?.color ?? fixedColor ?? thresholdColor ?? 'text', '#ccccdc');
  if (mapped?.text !== undefined) return { text: mapped.text, numeric, color, mapped: true };
  if (value === null || value === undefined)
    return { text: config.noValue ?? 'No data', numeric: null, color };
  if (numeric === null) return { text: valueText(value), numeric: null, color };
  return { ...formatValue(numeric, config.unit, config.decimals), numeric, color };
}
