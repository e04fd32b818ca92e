import type { CapturedValue, EvaluationResult } from './evaluation-result.js';
import { formatGoFloat } from './go-format.js';
import {
  formatLabels,
  labelsContain,
  labelsEqual,
  type Labels,
  type NumberValue,
  type Results,
} from './values.js';

/** A rule-wide Error result (Grafana: an execution error yields exactly one Error result). */
export function errorResult(error: string, refId?: string, datasourceUid?: string): EvaluationResult {
  return {
    labels: {},
    state: 'Error',
    values: {},
    evaluationString: '',
    error,
    ...(refId !== undefined ? { refId } : {}),
    ...(datasourceUid !== undefined ? { datasourceUid } : {}),
  };
}

/** A query answered with no frames at all: Grafana labels the NoData result with its origin. */
export function queryNoDataResult(refId: string, datasourceUid: string): EvaluationResult {
  return {
    labels: { datasource_uid: datasourceUid, ref_id: refId },
    state: 'NoData',
    values: {},
    evaluationString: '',
    refId,
    datasourceUid,
  };
}

const NO_DATA_RESULT: EvaluationResult = { labels: {}, state: 'NoData', values: {}, evaluationString: '' };

function formatValue(value: number | null): string {
  return value === null ? 'null' : formatGoFloat(value);
}

/**
 * The condition's output as one result per number: 0 is Normal, anything else (NaN too) is
 * Alerting, null is NoData. A condition that is still a time series, or numbers that share a
 * label set, cannot be alerted on and give a single Error.
 * `captures` are the other refIds whose numbers go into `$values` (reduce, math, threshold).
 */
export function conditionResults(
  condition: string,
  results: Results,
  captures: Map<string, Results>,
): EvaluationResult[] {
  if (results.kind === 'noData' || results.values.length === 0) return [{ ...NO_DATA_RESULT }];
  if (results.values.some((value) => value.kind === 'series')) {
    return [
      errorResult(
        `invalid format of evaluation results for the alert definition ${condition}: looks like time series data, only reduced data can be alerted on.`,
        condition,
      ),
    ];
  }
  const numbers = results.values as NumberValue[];
  const seen = new Set<string>();
  for (const number of numbers) {
    const key = formatLabels(number.labels);
    if (seen.has(key)) {
      return [
        errorResult(
          `frame cannot uniquely be identified by its labels: has duplicate results with labels ${key}`,
          condition,
        ),
      ];
    }
    seen.add(key);
  }
  return numbers.map((number) => {
    const values = results.matches
      ? classicValues(condition, results.matches)
      : capturedValues(condition, number, captures);
    return {
      labels: number.labels,
      state: number.value === null ? 'NoData' : number.value === 0 ? 'Normal' : 'Alerting',
      values,
      evaluationString: evaluationString(values, results.matches !== undefined),
    };
  });
}

/** Classic conditions expose their matching series as `<refId>0`, `<refId>1`, ... */
function classicValues(
  condition: string,
  matches: NonNullable<Extract<Results, { kind: 'values' }>['matches']>,
): Record<string, CapturedValue> {
  return Object.fromEntries(
    matches.map((match, index) => [
      `${condition}${index}`,
      { labels: match.labels, value: match.value, metric: match.metric },
    ]),
  );
}

/**
 * Grafana's `$values`: for every capturing refId, its number for this dimension: the one with
 * the same labels, else one whose labels are a subset (e.g. an unlabelled constant).
 */
function capturedValues(
  condition: string,
  number: NumberValue,
  captures: Map<string, Results>,
): Record<string, CapturedValue> {
  const values: Record<string, CapturedValue> = {};
  for (const [refId, results] of captures) {
    if (refId === condition) {
      values[refId] = { labels: number.labels, value: number.value };
      continue;
    }
    const match = findMatch(number.labels, results);
    if (match) values[refId] = { labels: match.labels, value: match.value };
  }
  return values;
}

function findMatch(labels: Labels, results: Results): NumberValue | undefined {
  if (results.kind === 'noData') return undefined;
  const numbers = results.values.filter((value): value is NumberValue => value.kind === 'number');
  return (
    numbers.find((candidate) => labelsEqual(candidate.labels, labels)) ??
    numbers.find((candidate) => labelsContain(labels, candidate.labels))
  );
}

/** `[ var='A' labels={host=a} value=3 ], [ var='B' ... ]`, sorted by refId like Grafana. */
function evaluationString(values: Record<string, CapturedValue>, classic: boolean): string {
  return Object.keys(values)
    .sort()
    .map((refId) => {
      const captured = values[refId]!;
      const metric = classic ? ` metric='${captured.metric ?? ''}'` : '';
      return `[ var='${refId}'${metric} labels=${formatLabels(captured.labels)} value=${formatValue(captured.value)} ]`;
    })
    .join(', ');
}
