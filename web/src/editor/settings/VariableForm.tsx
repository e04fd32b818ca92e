import { useEffect, useState } from 'react';
import type { DataSourceInfo } from '../../api/datasources.js';
import { useSession } from '../../app/session.js';
import { loadDataSources } from '../../dashboard/datasources.js';
import type { VariableModel } from '../../lib/model.js';
import { staticOptions } from '../../lib/variable-state.js';
import { CheckField, NumberField, SelectField, TextField } from '../common/fields.js';
import { variableNameError } from '../model/validate.js';
import { definitionOf } from './variable-definition.js';

const TYPES = [
  { value: 'query', label: 'Query' },
  { value: 'custom', label: 'Custom' },
  { value: 'textbox', label: 'Text box' },
  { value: 'constant', label: 'Constant' },
  { value: 'datasource', label: 'Data source' },
  { value: 'interval', label: 'Interval' },
] as const;

const SORTS = [
  { value: '0', label: 'Disabled' },
  { value: '1', label: 'Alphabetical (asc)' },
  { value: '2', label: 'Alphabetical (desc)' },
  { value: '3', label: 'Numerical (asc)' },
  { value: '4', label: 'Numerical (desc)' },
  { value: '5', label: 'Alphabetical (case-insensitive, asc)' },
  { value: '6', label: 'Alphabetical (case-insensitive, desc)' },
] as const;

const queryText = (variable: VariableModel) => definitionOf(variable);

/** The saved shape of a variable: options and current value that fit its new definition. */
function finalize(
  draft: VariableModel,
  before: VariableModel | undefined,
  datasources: DataSourceInfo[],
): VariableModel {
  const next: VariableModel = { ...draft };
  const text = queryText(draft);
  if (draft.type === 'query') {
    const ds = datasources.find((d) => d.uid === (draft.datasource as { uid?: string } | undefined)?.uid);
    next.query =
      ds?.type === 'prometheus'
        ? { query: text, refId: 'PrometheusVariableQueryEditor-VariableQuery' }
        : text;
    next.definition = text;
    if (!before || queryText(before) !== text) next.options = [];
  } else {
    next.query = text;
    delete next.definition;
  }
  if (draft.type === 'custom' || draft.type === 'interval') {
    const options = staticOptions(next);
    const current = before?.current?.value;
    const keep = options.find((o) => o.value === (Array.isArray(current) ? current[0] : current));
    const chosen = keep ?? options[0];
    next.options = options.map((o) => ({ ...o, selected: o.value === chosen?.value }));
    next.current = chosen ? { text: chosen.text, value: chosen.value } : {};
  }
  if (draft.type === 'textbox' || draft.type === 'constant') {
    next.current = { text, value: text };
    next.options = [{ text, value: text, selected: true }];
  }
  if (draft.type !== 'query') {
    delete next.datasource;
    delete next.refresh;
    delete next.sort;
  }
  return next;
}

/** One variable's definition, by type. */
export function VariableForm({
  variable,
  otherNames,
  onSave,
  onCancel,
}: {
  variable?: VariableModel;
  otherNames: string[];
  onSave: (variable: VariableModel) => void;
  onCancel: () => void;
}) {
  const { user } = useSession();
  const [draft, setDraft] = useState<VariableModel>(
    () => variable ?? { name: '', type: 'query', query: '', refresh: 1, hide: 0, options: [], current: {} },
  );
  const [datasources, setDatasources] = useState<DataSourceInfo[]>([]);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    loadDataSources(user.orgId).then(setDatasources, () => setDatasources([]));
  }, [user.orgId]);

  const set = (patch: Partial<VariableModel>) => setDraft({ ...draft, ...patch });
  const text = queryText(draft);
  const setText = (value: string) =>
    set({ query: value, definition: draft.type === 'query' ? value : undefined });
  const nameError = variableNameError(draft.name, otherNames);
  const dsUid = (draft.datasource as { uid?: string } | undefined)?.uid ?? '';
  const types = [...new Set(datasources.map((d) => d.type))];
  const preview = ['custom', 'interval'].includes(draft.type) ? staticOptions({ ...draft, query: text }) : [];
  const multi = (
    <>
      <CheckField label="Multi-value" checked={draft.multi === true} onChange={(multi) => set({ multi })} />
      <CheckField
        label="Include All option"
        checked={draft.includeAll === true}
        onChange={(includeAll) => set({ includeAll })}
      />
      {draft.includeAll && (
        <TextField
          label="Custom all value"
          value={draft.allValue ?? ''}
          onChange={(allValue) => set({ allValue: allValue || null })}
        />
      )}
    </>
  );

  return (
    <form
      className="form variable-form"
      aria-label="Variable"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!nameError) onSave(finalize(draft, variable, datasources));
      }}
    >
      <h3>{variable ? `Variable ${variable.name}` : 'New variable'}</h3>
      <SelectField
        label="Variable type"
        value={draft.type as (typeof TYPES)[number]['value']}
        options={TYPES}
        onChange={(type) => set({ type })}
      />
      <TextField label="Name" value={draft.name} onChange={(name) => set({ name })} />
      {touched && nameError && (
        <div className="field-error" role="alert">
          {nameError}
        </div>
      )}
      <TextField
        label="Label"
        value={draft.label ?? ''}
        onChange={(label) => set({ label: label || undefined })}
      />
      <SelectField
        label="Hide"
        value={String(draft.hide ?? 0) as '0' | '1' | '2'}
        options={[
          { value: '0', label: 'Show label and value' },
          { value: '1', label: 'Hide label' },
          { value: '2', label: 'Hide variable' },
        ]}
        onChange={(hide) => set({ hide: Number(hide) })}
      />
      {draft.type === 'query' && (
        <>
          <label className="field">
            <span>Data source</span>
            <select
              value={dsUid}
              onChange={(event) => {
                const ds = datasources.find((d) => d.uid === event.target.value);
                set({ datasource: ds ? { type: ds.type, uid: ds.uid } : undefined });
              }}
            >
              <option value="">Default</option>
              {datasources.map((ds) => (
                <option key={ds.uid} value={ds.uid}>
                  {ds.name}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="Query"
            multiline
            code
            value={text}
            placeholder="label_values(up, job)"
            onChange={setText}
          />
          <TextField
            label="Regex"
            value={draft.regex ?? ''}
            placeholder="/.*-(.*)/"
            onChange={(regex) => set({ regex })}
          />
          <SelectField
            label="Sort"
            value={String(draft.sort ?? 0) as (typeof SORTS)[number]['value']}
            options={SORTS}
            onChange={(sort) => set({ sort: Number(sort) })}
          />
          <SelectField
            label="Refresh"
            value={draft.refresh === 2 ? '2' : '1'}
            options={[
              { value: '1', label: 'On dashboard load' },
              { value: '2', label: 'On time range change' },
            ]}
            onChange={(refresh) => set({ refresh: Number(refresh) })}
          />
          {multi}
        </>
      )}
      {draft.type === 'custom' && (
        <>
          <TextField
            label="Values separated by comma"
            value={text}
            placeholder="1, 10, mykey : myvalue"
            onChange={setText}
          />
          {multi}
        </>
      )}
      {draft.type === 'textbox' && <TextField label="Default value" value={text} onChange={setText} />}
      {draft.type === 'constant' && <TextField label="Value" value={text} onChange={setText} />}
      {draft.type === 'interval' && (
        <>
          <TextField label="Values" value={text} placeholder="1m,10m,1h" onChange={setText} />
          <CheckField label="Auto option" checked={draft.auto === true} onChange={(auto) => set({ auto })} />
          {draft.auto && (
            <>
              <NumberField
                label="Step count"
                value={draft.auto_count}
                onChange={(count) => set({ auto_count: count })}
              />
              <TextField
                label="Min interval"
                value={draft.auto_min ?? ''}
                onChange={(min) => set({ auto_min: min })}
              />
            </>
          )}
        </>
      )}
      {draft.type === 'datasource' && (
        <>
          <SelectField
            label="Data source type"
            value={text}
            options={[{ value: '', label: 'Any' }, ...types.map((t) => ({ value: t, label: t }))]}
            onChange={setText}
          />
          <TextField
            label="Instance name filter"
            value={draft.regex ?? ''}
            placeholder="/.*-prod/"
            onChange={(regex) => set({ regex })}
          />
          {multi}
        </>
      )}
      {preview.length > 0 && (
        <div className="variable-preview" aria-label="Preview of values">
          <span className="muted">Preview of values: </span>
          {preview.map((o) => (
            <span key={o.value} className="tag chip">
              {o.text}
            </span>
          ))}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="primary">
          {variable ? 'Update' : 'Add'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
