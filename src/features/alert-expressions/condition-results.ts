import type { CapturedValue, EvaluationResult } from './evaluation-result.js';
import { formatGoFloat } from './go-format.js';
import {
  formatLabels,
  labelsContain,
  labelsEqual,
  type ClassicMatch,
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

/**
 * Queries of one data source answered with no frames at all: Grafana gives one NoData result
 * per data source, labelled with it and the refIds (comma-joined, sorted).
 */
export function queryNoDataResult(refIds: string[], datasourceUid: string): EvaluationResult {
  const refId = [...refIds].sort().join(',');
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
 * `captures` are the refIds whose numbers go into `$values` (reduce, math, threshold; the
 * condition's own included).
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
    const found = results.matches
      ? classicCaptures(condition, results.matches)
      : captureList(number, captures);
    const values: Record<string, CapturedValue> = {};
    for (const { refId, ...value } of found) values[refId] = value;
    return {
      labels: number.labels,
      state: number.value === null ? 'NoData' : number.value === 0 ? 'Normal' : 'Alerting',
      values,
      evaluationString: evaluationString(found),
    };
  });
}

/** Classic conditions expose their matching series as `<refId>0`, `<refId>1`, ... */
function classicCaptures(condition: string, matches: ClassicMatch[]): Capture[] {
  return matches.map((match, index) => ({
    refId: `${condition}${index}`,
    labels: match.labels,
    value: match.value,
    metric: match.metric,
  }));
}

interface Capture extends CapturedValue {
  refId: string;
}

/**
 * Grafana's `$values`: for every capturing refId (in refId order), its numbers for this
 * dimension: the one with the same labels, else all whose labels are a subset or a superset
 * (e.g. an unlabelled constant), ordered by their labels. `$value` shows them all; `$values`
 * keeps the last per refId, as Grafana's map does.
 */
function captureList(number: NumberValue, captures: Map<string, Results>): Capture[] {
  const found: Capture[] = [];
  for (const [refId, results] of captures) {
    if (results.kind === 'noData') continue;
    const numbers = results.values.filter((value): value is NumberValue => value.kind === 'number');
    const exact = numbers.find((candidate) => labelsEqual(candidate.labels, number.labels));
    const matches = exact
      ? [exact]
      : numbers
          .filter(
            (candidate) =>
              labelsContain(number.labels, candidate.labels) ||
              labelsContain(candidate.labels, number.labels),
          )
          .sort((a, b) => compareStrings(formatLabels(a.labels), formatLabels(b.labels)));
    for (const match of matches) found.push({ refId, labels: match.labels, value: match.value });
  }
  return found;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `[ var='A' labels={host=a} value=3 ], [ var='B' ... ]`; classic matches also name their metric. */
function evaluationString(captures: Capture[]): string {
  return captures
    .map((capture) => {
      const metric = capture.metric !== undefined ? ` metric='${capture.metric}'` : '';
      return `[ var='${capture.refId}'${metric} labels=${formatLabels(capture.labels)} value=${formatValue(capture.value)} ]`;
    })
    .join(', ');
}
