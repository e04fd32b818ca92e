/**
 * Grafana's "export for sharing externally": data source references become `${DS_<NAME>}`
 * placeholders described in `__inputs`, so whoever imports the file picks their own data source.
 */

import type { DashboardModel, DataSourceRef, Panel } from '../../lib/model.js';
import type { DataSourceSummary } from '../../lib/queries.js';
import { queriesData } from '../../panels/panel-types.js';

export interface DashboardInput {
  name: string;
  label: string;
  description: string;
  type: 'datasource' | 'constant';
  pluginId?: string;
  pluginName?: string;
  value?: string;
}

interface Requirement {
  type: 'grafana' | 'panel' | 'datasource';
  id: string;
  name: string;
  version: string;
}

const BUILT_IN = new Set(['grafana', '-- Grafana --', '-- Mixed --', '-- Dashboard --']);

const inputName = (name: string) => `DS_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;

export function exportExternally(
  model: DashboardModel,
  datasources: DataSourceSummary[],
  grafanaVersion = '11.0.0',
): DashboardModel {
  const copy = structuredClone(model);
  const inputs = new Map<string, DashboardInput>();
  const requires = new Map<string, Requirement>();
  requires.set('grafana:grafana', {
    type: 'grafana',
    id: 'grafana',
    name: 'Grafana',
    version: grafanaVersion,
  });
  const fallback = datasources.find((ds) => ds.isDefault) ?? datasources[0];

  /** The placeholder reference for a concrete one; variables and built-in sources stay as they are. */
  const template = (ref: DataSourceRef, useDefault: boolean): DataSourceRef => {
    const text = typeof ref === 'string' ? ref : (ref?.uid ?? undefined);
    if (text && (text.includes('$') || BUILT_IN.has(text))) return ref;
    const ds =
      text === undefined || text === null || text === '' || text === 'default'
        ? useDefault
          ? fallback
          : undefined
        : (datasources.find((d) => d.uid === text) ?? datasources.find((d) => d.name === text));
    if (!ds) return ref;
    const name = inputName(ds.name);
    inputs.set(name, {
      name,
      label: ds.name,
      description: '',
      type: 'datasource',
      pluginId: ds.type,
      pluginName: ds.type,
    });
    requires.set(`datasource:${ds.type}`, { type: 'datasource', id: ds.type, name: ds.type, version: '' });
    return { type: ds.type, uid: `\${${name}}` };
  };

  const visit = (panel: Panel) => {
    if (panel.type && panel.type !== 'row')
      requires.set(`panel:${panel.type}`, { type: 'panel', id: panel.type, name: panel.type, version: '' });
    const queries = panel.type !== 'row' && queriesData(panel.type ?? 'timeseries');
    if (queries && (panel.datasource !== undefined || (panel.targets ?? []).length > 0)) {
      const targetsCarryDs = (panel.targets ?? []).some((t) => t.datasource);
      panel.datasource = template(panel.datasource, !targetsCarryDs);
    }
    for (const target of panel.targets ?? []) {
      if (target.datasource) target.datasource = template(target.datasource, false);
    }
    panel.panels?.forEach(visit);
  };
  copy.panels?.forEach(visit);

  for (const variable of copy.templating?.list ?? []) {
    if (variable.type !== 'query') continue;
    variable.datasource = template(variable.datasource, true);
    variable.options = [];
    variable.current = {};
  }
  for (const annotation of copy.annotations?.list ?? []) {
    if (annotation.builtIn !== 1 && annotation.datasource)
      annotation.datasource = template(annotation.datasource, false);
  }

  const rest: DashboardModel = { ...copy };
  delete rest.id;
  return {
    __inputs: [...inputs.values()],
    __elements: {},
    __requires: [...requires.values()].sort(
      (a, b) => a.type.localeCompare(b.type) || a.id.localeCompare(b.id),
    ),
    ...rest,
    id: null,
  };
}
