/**
 * What evaluating a rule's condition yields (issue #16): one result per series (dimension) of the
 * condition, the input of the state machine in `alert-state/`.
 */

export type EvaluationState = 'Normal' | 'Alerting' | 'NoData' | 'Error';

/** The value of one refId (a reduce/math/threshold output, or a classic condition match). */
export interface CapturedValue {
  labels: Record<string, string>;
  /** null when the value was null; NaN and ±Infinity as numbers */
  value: number | null;
  /** classic conditions only: the name of the series that matched */
  metric?: string;
}

export interface EvaluationResult {
  /** the series' labels (not yet merged with the rule's labels) */
  labels: Record<string, string>;
  state: EvaluationState;
  /** by refId: the values that led to this result (Grafana's `$values`) */
  values: Record<string, CapturedValue>;
  /** Grafana's `$value`: `[ var='A' labels={host=a} value=3 ], [ var='B' ... ]` */
  evaluationString: string;
  /** for Error results: what failed */
  error?: string;
  /** for NoData and Error results: which query and data source */
  refId?: string;
  datasourceUid?: string;
}
