import type { DataSourceInfo } from '../../app/api.js';
import type { Panel, Target } from '../../lib/model.js';
import { resolveDataSource } from '../../lib/queries.js';
import { scopedVars, type VariableState } from '../../lib/variable-state.js';
import { defaultTarget, nextRefId, PROMETHEUS_TYPES, SQL_TYPES, TESTDATA_TYPES } from '../model/defaults.js';
import { GenericQuery } from './GenericQuery.js';
import { PromQuery } from './PromQuery.js';
import type { QueryEditorProps } from './query-types.js';
import { SqlQuery } from './SqlQuery.js';
import { TestDataQuery } from './TestDataQuery.js';

function editorFor(type: string) {
  if (TESTDATA_TYPES.has(type)) return TestDataQuery;
  if (PROMETHEUS_TYPES.has(type) || type === 'loki') return PromQuery;
  if (SQL_TYPES.has(type)) return SqlQuery;
  return GenericQuery;
}

const refText = (ref: Panel['datasource']) => (typeof ref === 'string' ? ref : (ref?.uid ?? ''));

/** The panel's data source and its queries, each with the editor of the data source's type. */
export function Queries({
  panel,
  datasources,
  variables,
  onChange,
  onRun,
}: {
  panel: Panel;
  datasources: DataSourceInfo[];
  variables: VariableState[];
  onChange: (panel: Panel, run?: boolean) => void;
  onRun: () => void;
}) {
  const vars = scopedVars(variables, { from: 0, to: 0, intervalMs: 0 });
  const ds = resolveDataSource(panel.datasource, datasources, vars);
  const dsVariables = variables
    .filter((v) => v.model.type === 'datasource')
    .map((v) => `\${${v.model.name}}`);
  const current = refText(panel.datasource);
  const selected = current.includes('$') ? current : (ds?.uid ?? '');
  const targets = panel.targets ?? [];
  const ref = (uid: string) => {
    if (uid.includes('$')) return { type: ds?.type ?? null, uid };
    const found = datasources.find((d) => d.uid === uid);
    return found ? { type: found.type, uid: found.uid } : undefined;
  };

  const setTargets = (next: Target[], run = false) => onChange({ ...panel, targets: next }, run);
  const chooseDataSource = (uid: string) => {
    const nextRef = ref(uid);
    const nextDs = uid.includes('$')
      ? resolveDataSource(nextRef, datasources, vars)
      : datasources.find((d) => d.uid === uid);
    const sameType = nextDs?.type === ds?.type;
    onChange(
      {
        ...panel,
        datasource: nextRef,
        targets: sameType
          ? targets.map((t) => ({ ...t, datasource: nextRef }))
          : [{ ...defaultTarget(nextDs, 'A'), datasource: nextRef }],
      },
      true,
    );
  };

  const Editor = editorFor(ds?.type ?? '');
  return (
    <section className="queries" aria-label="Queries">
      <div className="queries-header">
        <label className="field inline">
          <span>Data source</span>
          <select value={selected} onChange={(event) => chooseDataSource(event.target.value)}>
            {!ds && !current.includes('$') && <option value="">Choose a data source</option>}
            {datasources.map((d) => (
              <option key={d.uid} value={d.uid}>
                {d.name}
                {d.isDefault ? ' (default)' : ''}
              </option>
            ))}
            {dsVariables.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <div className="spacer" />
        <button type="button" className="primary" onClick={onRun}>
          Run queries
        </button>
      </div>
      {targets.map((target, index) => {
        const refId = target.refId || String.fromCharCode(65 + index);
        const update = (next: Target, run?: boolean) =>
          setTargets(
            targets.map((t, i) => (i === index ? next : t)),
            run,
          );
        const props: QueryEditorProps = {
          target,
          datasource: { uid: ds?.uid ?? '', type: ds?.type ?? '', name: ds?.name ?? '' },
          onChange: update,
          onRun,
        };
        return (
          <div key={`${refId}-${index}`} className="query-row" role="group" aria-label={`Query ${refId}`}>
            <div className="query-row-header">
              <strong>{refId}</strong>
              <span className="muted">{ds?.name}</span>
              <div className="spacer" />
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={target.hide === true}
                  onChange={(event) => update({ ...target, hide: event.target.checked || undefined }, true)}
                />
                Hide
              </label>
              <button
                type="button"
                className="icon"
                aria-label={`Remove query ${refId}`}
                onClick={() =>
                  setTargets(
                    targets.filter((_, i) => i !== index),
                    true,
                  )
                }
              >
                ✕
              </button>
            </div>
            {ds ? <Editor {...props} /> : <div className="field-error">Data source not found</div>}
          </div>
        );
      })}
      <button
        type="button"
        onClick={() =>
          setTargets([...targets, { ...defaultTarget(ds, nextRefId(targets)), datasource: panel.datasource }])
        }
      >
        + Add query
      </button>
    </section>
  );
}
