import type { DataSourceInfo } from '../../api/datasources.js';
import type { DataSourceRef, Panel, Target } from '../../lib/model.js';
import { isMixed, MIXED_UID, resolveDataSource } from '../../lib/queries.js';
import { scopedVars, type VariableState } from '../../lib/variable-state.js';
import { defaultTarget, nextRefId, PROMETHEUS_TYPES, SQL_TYPES, TESTDATA_TYPES } from '../model/defaults.js';
import { GenericQuery } from './GenericQuery.js';
import { PromQuery } from './PromQuery.js';
import type { QueryEditorProps } from './query-types.js';
import { SqlQuery } from './SqlQuery.js';
import { TestDataQuery } from './TestDataQuery.js';
import { CloseIcon } from '../../app/icons.js';

export function editorFor(type: string) {
  if (TESTDATA_TYPES.has(type)) return TestDataQuery;
  if (PROMETHEUS_TYPES.has(type) || type === 'loki') return PromQuery;
  if (SQL_TYPES.has(type)) return SqlQuery;
  return GenericQuery;
}

const refText = (ref: DataSourceRef) => (typeof ref === 'string' ? ref : (ref?.uid ?? ''));
const MIXED_REF = { type: 'datasource', uid: MIXED_UID };

/** A data source select: the org's data sources, datasource variables, and "Mixed" for the panel. */
function DataSourceSelect({
  label,
  value,
  datasources,
  variables,
  mixed,
  onChange,
}: {
  label: string;
  value: string;
  datasources: DataSourceInfo[];
  variables: string[];
  mixed?: boolean;
  onChange: (uid: string) => void;
}) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {value === '' && <option value="">Choose a data source</option>}
        {datasources.map((d) => (
          <option key={d.uid} value={d.uid}>
            {d.name}
            {d.isDefault ? ' (default)' : ''}
          </option>
        ))}
        {variables.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {mixed && <option value={MIXED_UID}>Mixed</option>}
      </select>
    </label>
  );
}

/**
 * The panel's data source and its queries, each with the editor of its data source's type
 * ("Mixed" gives every query its own data source).
 */
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
  const mixed = isMixed(panel.datasource);
  const resolve = (ref: DataSourceRef) => resolveDataSource(ref, datasources, vars);
  const panelDs = mixed ? undefined : resolve(panel.datasource);
  const dsVariables = variables
    .filter((v) => v.model.type === 'datasource')
    .map((v) => `\${${v.model.name}}`);
  const valueOf = (ref: DataSourceRef, resolved: { uid: string } | undefined) => {
    const text = refText(ref);
    return text.includes('$') ? text : (resolved?.uid ?? '');
  };
  const targets = panel.targets ?? [];
  const refTo = (uid: string): DataSourceRef => {
    if (uid.includes('$')) return { type: resolve({ uid })?.type ?? null, uid };
    const found = datasources.find((d) => d.uid === uid);
    return found ? { type: found.type, uid: found.uid } : undefined;
  };

  const setTargets = (next: Target[], run = false) => onChange({ ...panel, targets: next }, run);
  const choosePanelDataSource = (uid: string) => {
    if (uid === MIXED_UID) {
      const previous = panel.datasource;
      onChange(
        {
          ...panel,
          datasource: MIXED_REF,
          targets: targets.map((t) => ({ ...t, datasource: t.datasource ?? previous })),
        },
        true,
      );
      return;
    }
    const ref = refTo(uid);
    const next = resolve(ref);
    const keep =
      targets.length > 0 &&
      targets.every((t) => resolve(mixed ? t.datasource : panel.datasource)?.type === next?.type);
    onChange(
      {
        ...panel,
        datasource: ref,
        targets: keep
          ? targets.map((t) => ({ ...t, datasource: ref }))
          : [{ ...defaultTarget(next, 'A'), datasource: ref }],
      },
      true,
    );
  };

  return (
    <section className="queries" aria-label="Queries">
      <div className="queries-header">
        <DataSourceSelect
          label="Data source"
          value={mixed ? MIXED_UID : valueOf(panel.datasource, panelDs)}
          datasources={datasources}
          variables={dsVariables}
          mixed
          onChange={choosePanelDataSource}
        />
        <div className="spacer" />
        <button type="button" className="primary" onClick={onRun}>
          Run queries
        </button>
      </div>
      {targets.map((target, index) => {
        const refId = target.refId || String.fromCharCode(65 + index);
        const ds = mixed ? resolve(target.datasource) : panelDs;
        const update = (next: Target, run?: boolean) =>
          setTargets(
            targets.map((t, i) => (i === index ? next : t)),
            run,
          );
        const chooseTargetDataSource = (uid: string) => {
          const ref = refTo(uid);
          const next = resolve(ref);
          update(
            next?.type === ds?.type
              ? { ...target, datasource: ref }
              : { ...defaultTarget(next, refId), datasource: ref },
            true,
          );
        };
        const props: QueryEditorProps = {
          target,
          datasource: { uid: ds?.uid ?? '', type: ds?.type ?? '', name: ds?.name ?? '' },
          onChange: update,
          onRun,
        };
        const Editor = editorFor(ds?.type ?? '');
        return (
          <div key={`${refId}-${index}`} className="query-row" role="group" aria-label={`Query ${refId}`}>
            <div className="query-row-header">
              <strong>{refId}</strong>
              {mixed ? (
                <DataSourceSelect
                  label={`Data source of query ${refId}`}
                  value={valueOf(target.datasource, ds)}
                  datasources={datasources}
                  variables={dsVariables}
                  onChange={chooseTargetDataSource}
                />
              ) : (
                <span className="muted">{ds?.name}</span>
              )}
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
                <CloseIcon />
              </button>
            </div>
            {ds ? <Editor {...props} /> : <div className="field-error">Data source not found</div>}
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => {
          const first = mixed ? (datasources.find((d) => d.isDefault) ?? datasources[0]) : panelDs;
          const ref = mixed ? (first ? { type: first.type, uid: first.uid } : undefined) : panel.datasource;
          setTargets([...targets, { ...defaultTarget(first, nextRefId(targets)), datasource: ref }]);
        }}
      >
        + Add query
      </button>
    </section>
  );
}
