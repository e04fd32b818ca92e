import { useState } from 'react';
import { SelectField, TextField } from '../common/fields.js';
import { MetricBrowser } from './MetricBrowser.js';
import { setKey, type QueryEditorProps } from './query-types.js';
import { DisclosureIcon } from '../../app/icons.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type QueryType = 'range' | 'instant' | 'both';

/** PromQL (also used for Loki's LogQL, without the metric browser). */
export function PromQuery({ target, datasource, onChange, onRun }: QueryEditorProps) {
  const [browsing, setBrowsing] = useState(false);
  const isProm = datasource.type === 'prometheus';
  const queryType: QueryType =
    target.instant === true && target.range !== false && target.range !== undefined
      ? 'both'
      : target.instant === true
        ? 'instant'
        : 'range';
  const set = (key: string, value: unknown) => onChange(setKey(target, key, value));
  return (
    <div className="query-fields wide">
      {isProm && (
        <div className="metric-browser-toggle">
          <button type="button" aria-expanded={browsing} onClick={() => setBrowsing(!browsing)}>
            Metrics browser <DisclosureIcon open={browsing} />
          </button>
        </div>
      )}
      {browsing && (
        <MetricBrowser
          uid={datasource.uid}
          onPick={(metric) => {
            setBrowsing(false);
            onChange(setKey(target, 'expr', metric), true);
          }}
        />
      )}
      <TextField
        label={isProm ? 'PromQL query' : 'Query'}
        multiline
        rows={3}
        code
        value={text(target.expr)}
        placeholder={isProm ? 'rate(http_requests_total[5m])' : '{job="app"}'}
        onChange={(v) => set('expr', v)}
        onCommit={onRun}
      />
      <TextField
        label="Legend"
        value={text(target.legendFormat)}
        placeholder="{{instance}}"
        onChange={(v) => set('legendFormat', v)}
        onCommit={onRun}
      />
      {isProm ? (
        <SelectField
          label="Query type"
          value={queryType}
          options={[
            { value: 'range', label: 'Range' },
            { value: 'instant', label: 'Instant' },
            { value: 'both', label: 'Both' },
          ]}
          onChange={(value) =>
            onChange({ ...target, range: value !== 'instant', instant: value !== 'range' }, true)
          }
        />
      ) : (
        <SelectField
          label="Query type"
          value={text(target.queryType) === 'instant' ? 'instant' : 'range'}
          options={[
            { value: 'range', label: 'Range' },
            { value: 'instant', label: 'Instant' },
          ]}
          onChange={(value) => onChange(setKey(target, 'queryType', value), true)}
        />
      )}
      <TextField
        label="Min step"
        value={text(target.interval)}
        placeholder="auto"
        onChange={(v) => set('interval', v)}
        onCommit={onRun}
      />
      {isProm && (
        <SelectField
          label="Format"
          value={text(target.format) || 'time_series'}
          options={[
            { value: 'time_series', label: 'Time series' },
            { value: 'table', label: 'Table' },
            { value: 'heatmap', label: 'Heatmap' },
          ]}
          onChange={(value) =>
            onChange(setKey(target, 'format', value === 'time_series' ? undefined : value), true)
          }
        />
      )}
    </div>
  );
}
