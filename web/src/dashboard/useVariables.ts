import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataSourceInfo } from '../api/datasources.js';
import { queryData } from '../api/datasources.js';
import { toPanelData } from '../lib/frames.js';
import type { VariableModel } from '../lib/model.js';
import { resolveDataSource } from '../lib/queries.js';
import type { TimeRange } from '../lib/time.js';
import {
  chooseSelection,
  prometheusVariableQuery,
  scopedVars,
  sortOptions,
  staticOptions,
  valuesFromFrames,
  type VariableState,
} from '../lib/variable-state.js';
import {
  applyRegex,
  interpolate,
  referencedVariables,
  unique,
  type VariableOption,
} from '../lib/variables.js';

/** Options of a `query` variable, asked from its data source (`queryData`). */
async function queryOptions(
  model: VariableModel,
  states: VariableState[],
  datasources: DataSourceInfo[],
  range: TimeRange,
): Promise<VariableOption[]> {
  const vars = scopedVars(states, { from: range.from, to: range.to, intervalMs: 60_000 });
  const ds = resolveDataSource(model.datasource, datasources, vars);
  if (!ds) throw new Error('Data source not found');
  const raw =
    typeof model.query === 'string'
      ? model.query
      : ((model.query as { query?: string; expr?: string } | undefined)?.query ??
        (model.query as { expr?: string } | undefined)?.expr ??
        '');
  const text = interpolate(raw, vars, ds.type === 'prometheus' ? 'regex' : undefined);
  let query: Record<string, unknown>;
  let label: string | undefined;
  if (ds.type === 'prometheus') {
    const converted = prometheusVariableQuery(text);
    label = converted.label;
    query = { expr: converted.expr, instant: true, range: false };
  } else if (typeof model.query === 'object' && model.query !== null) {
    query = { ...(model.query as Record<string, unknown>) };
  } else {
    query = { query: text, rawSql: text, expr: text };
  }
  const response = await queryData({
    queries: [{ ...query, refId: 'variable', datasource: { uid: ds.uid, type: ds.type } }],
    from: String(range.from),
    to: String(range.to),
  });
  const data = toPanelData(response);
  if (data.errors[0]) throw new Error(data.errors[0].message);
  return applyRegex(unique(valuesFromFrames(data.frames, label)), model.regex);
}

function datasourceOptions(model: VariableModel, datasources: DataSourceInfo[]): VariableOption[] {
  const type = typeof model.query === 'string' ? model.query : '';
  const names = datasources.filter((ds) => !type || ds.type === type).map((ds) => ds.name);
  return applyRegex(names, model.regex);
}

/**
 * The dashboard's variables: static ones resolved at once, query and datasource ones loaded in
 * order (each may refer to the ones before). Changing one reloads the query variables that use it.
 */
export function useVariables(
  models: VariableModel[],
  urlValues: Record<string, string[]>,
  datasources: DataSourceInfo[] | undefined,
  range: TimeRange | undefined,
) {
  const [states, setStates] = useState<VariableState[]>(() =>
    models.map((model) => {
      const options = staticOptions(model);
      return {
        model,
        options,
        selected: chooseSelection(model, options, urlValues[model.name]),
        loading: model.type === 'query' || model.type === 'datasource',
      };
    }),
  );
  const [ready, setReady] = useState(
    () => !models.some((m) => m.type === 'query' || m.type === 'datasource'),
  );
  const statesRef = useRef(states);
  statesRef.current = states;
  const rangeRef = useRef(range);
  rangeRef.current = range;

  const refresh = useCallback(
    async (fromIndex: number, only?: (model: VariableModel) => boolean, useUrl = false) => {
      if (!datasources || !rangeRef.current) return;
      const next = [...statesRef.current];
      for (let i = fromIndex; i < next.length; i++) {
        const state = next[i]!;
        const { model } = state;
        if (model.type !== 'query' && model.type !== 'datasource') continue;
        if (only && !only(model)) continue;
        try {
          const options = sortOptions(
            model.type === 'datasource'
              ? datasourceOptions(model, datasources)
              : await queryOptions(model, next, datasources, rangeRef.current),
            model.sort,
          );
          const wanted = useUrl ? urlValues[model.name] : state.selected;
          next[i] = {
            model,
            options,
            selected: chooseSelection(model, options, wanted ?? state.selected),
            loading: false,
          };
        } catch (error) {
          next[i] = {
            ...state,
            loading: false,
            error: error instanceof Error ? error.message : String(error),
          };
        }
        setStates([...next]);
      }
      setStates(next);
      setReady(true);
    },
    [datasources, urlValues],
  );

  useEffect(() => {
    if (datasources && range && !ready) void refresh(0, undefined, true);
    // Loaded once when the data sources and the range are known.
  }, [datasources, range !== undefined]);

  const select = useCallback(
    (name: string, selected: string[]) => {
      const index = statesRef.current.findIndex((s) => s.model.name === name);
      if (index < 0) return;
      const next = [...statesRef.current];
      next[index] = { ...next[index]!, selected };
      statesRef.current = next;
      setStates(next);
      const uses = (model: VariableModel) => {
        const text = typeof model.query === 'string' ? model.query : JSON.stringify(model.query ?? '');
        return (
          referencedVariables(text).includes(name) ||
          referencedVariables(JSON.stringify(model.datasource ?? '')).includes(name)
        );
      };
      void refresh(index + 1, uses);
    },
    [refresh],
  );

  return { states, ready, select };
}
