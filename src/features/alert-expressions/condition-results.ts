import { capturedValues, capturesFor, classicCaptures, evaluationString, indexCaptures } from './captures.js';
import type { EvaluationResult } from './evaluation-result.js';
import { formatLabels, type NumberValue, type Results } from './values.js';

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
  if (results.kind === 'noData' || results.values.length === 0) {
    return [{ labels: {}, state: 'NoData', values: {}, evaluationString: '' }];
  }
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
  const index = results.matches ? [] : indexCaptures(captures);
  return numbers.map((number) => {
    const found = results.matches
      ? classicCaptures(condition, results.matches)
      : capturesFor(number.labels, index);
    return {
      labels: number.labels,
      state: number.value === null ? 'NoData' : number.value === 0 ? 'Normal' : 'Alerting',
      values: capturedValues(found),
      evaluationString: evaluationString(found),
    };
  });
}
