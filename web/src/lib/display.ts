/** The reduced values stat, gauge, bar gauge and pie chart panels show: one per numeric field. */

import { displayValue, effectiveConfig, type DisplayValue, type FieldConfigSource } from './field-config.js';
import { displayName, type FieldConfig, type PanelData } from './frames.js';
import { reduce } from './reduce.js';

interface ReducedValue {
  name: string;
  display: DisplayValue;
  config: FieldConfig;
  /** the field's values, for sparklines */
  values: unknown[];
  times?: unknown[];
}

export interface ReduceOptions {
  calcs?: string[];
  values?: boolean;
  fields?: string;
  limit?: number;
}

export function reducedValues(
  data: PanelData,
  source: FieldConfigSource | undefined,
  options: ReduceOptions = {},
): ReducedValue[] {
  const calc = options.calcs?.[0] ?? 'lastNotNull';
  const out: ReducedValue[] = [];
  let fieldPattern: RegExp | undefined;
  if (options.fields && options.fields !== '' && options.fields !== 'Numeric Fields') {
    try {
      fieldPattern = new RegExp(options.fields.replace(/^\/(.*)\/$/, '$1'));
    } catch {
      fieldPattern = undefined;
    }
  }
  for (const frame of data.frames) {
    const time = frame.fields.find((f) => f.type === 'time');
    for (const field of frame.fields) {
      if (field.type !== 'number' && !(fieldPattern && field.type === 'string')) continue;
      const name = displayName(field, frame, data.frames.length);
      if (fieldPattern && !fieldPattern.test(name) && !fieldPattern.test(field.name)) continue;
      const config = effectiveConfig(field, name, source, frame.refId);
      const label =
        config.displayName && config.displayName !== field.config.displayName ? config.displayName : name;
      if (options.values) {
        const limit = options.limit ?? 5000;
        field.values.slice(0, limit).forEach((value, index) => {
          out.push({
            name: `${label}`,
            display: displayValue(value, config),
            config,
            values: [value],
            times: time ? [time.values[index]] : undefined,
          });
        });
        continue;
      }
      const value =
        field.type === 'number' ? reduce(field.values, calc) : field.values[field.values.length - 1];
      out.push({
        name: label,
        display: displayValue(value, config),
        config,
        values: field.values,
        times: time?.values,
      });
    }
  }
  return out;
}
