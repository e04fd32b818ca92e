/** Grafana's path of a rule's page (the one its alerts' generatorURL names). */
export const ruleViewUrl = (uid: string) => `/alerting/grafana/${encodeURIComponent(uid)}/view`;

/** The API's "never" (Go's zero time) as a word, anything else as a local date. */
export function lastEvaluationText(iso: string): string {
  if (iso.startsWith('0001-01-01')) return 'Never';
  return new Date(iso).toLocaleString();
}
