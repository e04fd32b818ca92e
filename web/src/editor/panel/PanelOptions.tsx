import type { Panel } from '../../lib/model.js';
import { REDUCER_NAMES } from '../../lib/reduce.js';
import { queriesData } from '../../panels/registry.js';
import { CheckField, SelectField, TextField } from '../common/fields.js';
import { FieldOptions } from './FieldOptions.js';
import { NewPanelTypeOptions } from './NewPanelTypeOptions.js';
import { VizPicker } from './VizPicker.js';

type Options = Record<string, unknown>;

const record = (value: unknown): Options =>
  typeof value === 'object' && value !== null ? (value as Options) : {};

/** The options pane: panel title and description, visualization, its main options, field options. */
export function PanelOptions({ panel, onChange }: { panel: Panel; onChange: (panel: Panel) => void }) {
  const type = panel.type ?? 'timeseries';
  const options = record(panel.options);
  const setOption = (path: string[], value: unknown) => {
    const next: Options = { ...options };
    let cursor = next;
    for (const key of path.slice(0, -1)) {
      cursor[key] = { ...record(cursor[key]) };
      cursor = cursor[key] as Options;
    }
    cursor[path[path.length - 1]!] = value;
    onChange({ ...panel, options: next });
  };
  const legend = record(options.legend);
  const reduce = record(options.reduceOptions);
  const calcs = Array.isArray(reduce.calcs) ? (reduce.calcs as string[]) : [];
  const custom = record(panel.fieldConfig?.defaults?.custom);
  const setCustom = (key: string, value: unknown) =>
    onChange({
      ...panel,
      fieldConfig: {
        ...panel.fieldConfig,
        defaults: { ...panel.fieldConfig?.defaults, custom: { ...custom, [key]: value } },
        overrides: panel.fieldConfig?.overrides ?? [],
      },
    });

  return (
    <div className="panel-options">
      <h3>Panel options</h3>
      <TextField
        label="Title"
        value={panel.title ?? ''}
        onChange={(title) => onChange({ ...panel, title })}
      />
      <TextField
        label="Description"
        multiline
        rows={2}
        value={panel.description ?? ''}
        onChange={(description) => onChange({ ...panel, description: description || undefined })}
      />
      <CheckField
        label="Transparent background"
        checked={panel.transparent === true}
        onChange={(transparent) => onChange({ ...panel, transparent: transparent || undefined })}
      />
      <h3>Visualization</h3>
      <VizPicker value={type} onChange={(next) => onChange({ ...panel, type: next })} />
      {type === 'text' && (
        <>
          <SelectField
            label="Mode"
            value={(options.mode as string) || 'markdown'}
            options={[
              { value: 'markdown', label: 'Markdown' },
              { value: 'html', label: 'HTML' },
              { value: 'code', label: 'Code' },
            ]}
            onChange={(mode) => setOption(['mode'], mode)}
          />
          <TextField
            label="Content"
            multiline
            rows={8}
            code
            value={typeof options.content === 'string' ? options.content : (panel.content ?? '')}
            onChange={(content) => setOption(['content'], content)}
          />
        </>
      )}
      {type === 'timeseries' && (
        <>
          <CheckField
            label="Show legend"
            checked={legend.showLegend !== false}
            onChange={(show) => setOption(['legend', 'showLegend'], show)}
          />
          <SelectField
            label="Style"
            value={(custom.drawStyle as string) || 'line'}
            options={[
              { value: 'line', label: 'Lines' },
              { value: 'bars', label: 'Bars' },
              { value: 'points', label: 'Points' },
            ]}
            onChange={(style) => setCustom('drawStyle', style)}
          />
        </>
      )}
      {['stat', 'gauge', 'bargauge', 'piechart'].includes(type) && (
        <SelectField
          label="Calculation"
          value={calcs[0] ?? 'lastNotNull'}
          options={Object.entries(REDUCER_NAMES).map(([value, label]) => ({ value, label }))}
          onChange={(calc) => setOption(['reduceOptions', 'calcs'], [calc])}
        />
      )}
      {type === 'stat' && (
        <SelectField
          label="Color mode"
          value={(options.colorMode as string) || 'value'}
          options={[
            { value: 'value', label: 'Value' },
            { value: 'background', label: 'Background' },
            { value: 'none', label: 'None' },
          ]}
          onChange={(mode) => setOption(['colorMode'], mode)}
        />
      )}
      <NewPanelTypeOptions
        type={type}
        options={options}
        custom={custom}
        setOption={setOption}
        setCustom={setCustom}
      />
      {queriesData(type) && (
        <FieldOptions
          value={panel.fieldConfig}
          onChange={(fieldConfig) => onChange({ ...panel, fieldConfig })}
        />
      )}
    </div>
  );
}
