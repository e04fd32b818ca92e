/** Dashboard links (`links` of the model): plain URLs and lists of dashboards found by tag. */

export interface DashboardLink {
  title?: string;
  type?: string;
  url?: string;
  tags?: string[];
  asDropdown?: boolean;
  includeVars?: boolean;
  keepTime?: boolean;
  targetBlank?: boolean;
  tooltip?: string;
  icon?: string;
}

export interface LinkState {
  from: string;
  to: string;
  /** the dashboard's variables with their selected values (as they appear in `?var-x=`) */
  variables: { name: string; values: string[] }[];
}

/** `url` with the time range (`keepTime`) and the variable values (`includeVars`) appended. */
export function linkUrl(
  url: string,
  options: { keepTime?: boolean; includeVars?: boolean },
  state: LinkState,
): string {
  if (!options.keepTime && !options.includeVars) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const search = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  if (options.keepTime) {
    search.set('from', state.from);
    search.set('to', state.to);
  }
  if (options.includeVars) {
    for (const variable of state.variables) {
      search.delete(`var-${variable.name}`);
      for (const value of variable.values) search.append(`var-${variable.name}`, value);
    }
  }
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}${hash}`;
}

// The search path lives with the other API paths; re-exported for the link model's callers.
export { tagSearchPath } from '../api/search-paths.js';
