import type { CapturedValue } from './evaluation-result.js';
import { formatGoFloat } from './go-format.js';
import {
  formatLabels,
  labelsContain,
  labelsKey,
  type ClassicMatch,
  type Labels,
  type NumberValue,
  type Results,
} from './values.js';

/** One `$values` entry, with the refId it is filed under. */
export interface Capture extends CapturedValue {
  refId: string;
}

interface RefIdNumbers {
  refId: string;
  numbers: NumberValue[];
  /** by labelsKey: the exact match of a dimension is one lookup */
  byLabels: Map<string, NumberValue>;
}

export type CaptureIndex = RefIdNumbers[];

/** Indexes the numbers of the capturing refIds (given in refId order) once per evaluation. */
export function indexCaptures(captures: Map<string, Results>): CaptureIndex {
  const index: CaptureIndex = [];
  for (const [refId, results] of captures) {
    if (results.kind === 'noData') continue;
    const numbers = results.values.filter((value): value is NumberValue => value.kind === 'number');
    index.push({
      refId,
      numbers,
      byLabels: new Map(numbers.map((number) => [labelsKey(number.labels), number])),
    });
  }
  return index;
}

/**
 * Grafana's `$values` for one dimension: for every capturing refId, the number with the same
 * labels, else all whose labels are a subset or a superset (e.g. an unlabelled constant),
 * ordered by their labels. `$value` shows them all; `$values` keeps the last per refId, as
 * Grafana's map does.
 */
export function capturesFor(labels: Labels, index: CaptureIndex): Capture[] {
  const key = labelsKey(labels);
  const found: Capture[] = [];
  for (const { refId, numbers, byLabels } of index) {
    const exact = byLabels.get(key);
    const matches = exact
      ? [exact]
      : numbers
          .filter(
            (candidate) => labelsContain(labels, candidate.labels) || labelsContain(candidate.labels, labels),
          )
          .sort((a, b) => compareStrings(formatLabels(a.labels), formatLabels(b.labels)));
    for (const match of matches) found.push({ refId, labels: match.labels, value: match.value });
  }
  return found;
}

/** Classic conditions expose their matches as `<refId>0`, `<refId>1`, ... */
export function classicCaptures(condition: string, matches: ClassicMatch[]): Capture[] {
  return matches.map((match, index) => ({
    refId: `${condition}${index}`,
    labels: match.labels,
    value: match.value,
    metric: match.metric,
  }));
}

/** `[ var='A' labels={host=a} value=3 ], [ var='B' ... ]`; classic matches also name their metric. */
export function evaluationString(captures: Capture[]): string {
  return captures
    .map((capture) => {
      const metric = capture.metric !== undefined ? ` metric='${capture.metric}'` : '';
      const value = capture.value === null ? 'null' : formatGoFloat(capture.value);
      return `[ var='${capture.refId}'${metric} labels=${formatLabels(capture.labels)} value=${value} ]`;
    })
    .join(', ');
}

/** Captures as the `values` map of a result: the last capture of a refId wins. */
export function capturedValues(captures: Capture[]): Record<string, CapturedValue> {
  const values: Record<string, CapturedValue> = {};
  for (const { refId, ...value } of captures) values[refId] = value;
  return values;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
