import { jsonPatch, jsonText, type SectionProps } from './section.js';
import { SelectField, TextField } from './TextField.js';

const METHODS = [
  { value: 'POST', label: 'POST' },
  { value: 'GET', label: 'GET' },
];

/** Prometheus' own options: scrape interval ($__interval floor), query timeout, HTTP method. */
export function PrometheusSection({ form, disabled, change }: SectionProps) {
  const method = jsonText(form, 'httpMethod').toUpperCase() === 'GET' ? 'GET' : 'POST';
  return (
    <section className="ds-section">
      <h3>Prometheus</h3>
      <TextField
        label="Scrape interval"
        value={jsonText(form, 'timeInterval')}
        disabled={disabled}
        placeholder="15s"
        hint="The scrape and evaluation interval of Prometheus; the smallest step of queries."
        onChange={(text) => change(jsonPatch(form, 'timeInterval', text.trim()))}
      />
      <TextField
        label="Query timeout"
        value={jsonText(form, 'queryTimeout')}
        disabled={disabled}
        placeholder="60s"
        onChange={(text) => change(jsonPatch(form, 'queryTimeout', text.trim()))}
      />
      <SelectField
        label="HTTP method"
        value={method}
        options={METHODS}
        disabled={disabled}
        onChange={(value) => change(jsonPatch(form, 'httpMethod', value))}
      />
    </section>
  );
}
