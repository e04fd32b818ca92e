/**
 * Series names, as Grafana's Prometheus back end computes them (getName / metricNameFromLabels).
 */

const LEGEND_AUTO = '__auto';
const TEMPLATE = /\{\{\s*(.+?)\s*\}\}/g;

/** `up{instance="a:9090", job="x"}`: the metric name, then the other labels sorted, Go-quoted. */
function metricNameFromLabels(labels: Record<string, string>): string {
  const name = labels.__name__;
  const others = Object.keys(labels)
    .filter((key) => key !== '__name__')
    .sort()
    .map((key) => `${key}=${JSON.stringify(labels[key])}`);
  if (others.length === 0) return name ?? '{}';
  return `${name ?? ''}{${others.join(', ')}}`;
}

/**
 * The display name: the legend template with `{{label}}` filled in (unknown labels become
 * empty), or the label form when there is no template; `__auto` drops it when labels exist.
 * A name that would be `{}` becomes the query expression.
 */
export function seriesDisplayName(
  labels: Record<string, string>,
  legendFormat: string,
  expr: string,
): string {
  let legend = metricNameFromLabels(labels);
  if (legendFormat === LEGEND_AUTO) {
    if (Object.keys(labels).length > 0) legend = '';
  } else if (legendFormat !== '') {
    legend = legendFormat.replace(TEMPLATE, (_, label: string) => labels[label.trim()] ?? '');
  }
  return legend === '{}' ? expr : legend;
}
