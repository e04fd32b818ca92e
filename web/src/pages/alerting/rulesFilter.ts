/** The rule list's filters, applied in the page to what the rules API answered. */
import type { PromGroup, PromRule } from '../../api/alert-rules.js';
import { matcherText, matchesLabels, parseMatchers, type LabelMatcher } from './labelMatchers.js';
import { ruleStateName, STATE_NAMES, type StateName } from './ruleState.js';

export interface RuleFilter {
  search: string;
  state: StateName | '';
  labels: LabelMatcher[];
  contactPoint: string;
}

export const NO_FILTER: RuleFilter = { search: '', state: '', labels: [], contactPoint: '' };

/** The filter a link carries (`?search=…&state=Firing&labels=team="ops"&contactPoint=…`). */
export function filterFromSearch(search: URLSearchParams): RuleFilter {
  const state = search.get('state') ?? '';
  return {
    search: search.get('search') ?? '',
    state: (STATE_NAMES as string[]).includes(state) ? (state as StateName) : '',
    labels: parseMatchers(search.get('labels') ?? '') ?? [],
    contactPoint: search.get('contactPoint') ?? '',
  };
}

/** The query string of a filter, so a filtered list can be linked and survives a reload. */
export function searchOfFilter(filter: RuleFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.search) search.set('search', filter.search);
  if (filter.state) search.set('state', filter.state);
  if (filter.labels.length) search.set('labels', filter.labels.map(matcherText).join(', '));
  if (filter.contactPoint) search.set('contactPoint', filter.contactPoint);
  return search;
}

/** What the page knows of a rule besides its state: where its notifications go. */
export interface RuleRouting {
  /** the contact point its notification settings name, if any */
  receiver?: string;
  /** receivers the Alertmanager routes its current alerts to */
  alertReceivers: Set<string>;
}

function matches(rule: PromRule, filter: RuleFilter, routing: RuleRouting): boolean {
  const search = filter.search.trim().toLowerCase();
  if (search && !rule.name.toLowerCase().includes(search)) return false;
  if (filter.state && ruleStateName(rule) !== filter.state) return false;
  // Grafana's label filter: the rule's own labels, or any of its instances' labels, match.
  if (
    filter.labels.length &&
    !matchesLabels(rule.labels, filter.labels) &&
    !rule.alerts.some((alert) => matchesLabels(alert.labels, filter.labels))
  ) {
    return false;
  }
  if (
    filter.contactPoint &&
    routing.receiver !== filter.contactPoint &&
    !routing.alertReceivers.has(filter.contactPoint)
  ) {
    return false;
  }
  return true;
}

/** The groups with only the rules that pass, groups left empty dropped. */
export function filterGroups(
  groups: PromGroup[],
  filter: RuleFilter,
  routingOf: (ruleUid: string) => RuleRouting,
): PromGroup[] {
  return groups
    .map((group) => ({
      ...group,
      rules: group.rules.filter((rule) => matches(rule, filter, routingOf(rule.uid))),
    }))
    .filter((group) => group.rules.length > 0);
}

/** Groups under their folder, folders in the API's order (by path). */
export function byFolder(groups: PromGroup[]): { folder: string; folderUid: string; groups: PromGroup[] }[] {
  const folders = new Map<string, { folder: string; folderUid: string; groups: PromGroup[] }>();
  for (const group of groups) {
    const entry = folders.get(group.folderUid) ?? {
      folder: group.file,
      folderUid: group.folderUid,
      groups: [],
    };
    entry.groups.push(group);
    folders.set(group.folderUid, entry);
  }
  return [...folders.values()];
}
