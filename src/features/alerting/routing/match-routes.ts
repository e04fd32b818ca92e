/**
 * Alertmanager's routing: an alert enters at the root; each child whose matchers all hold is
 * visited depth-first, and the first matching child ends the search at that level unless it has
 * `continue`. A route none of whose children match is itself the destination. Settings a child
 * leaves out are inherited from its parent.
 */

import { compileMatcher, matchesAll, type CompiledMatcher } from './matchers.js';
import { routeMatchers, type Route } from './route.js';

interface MatchedRoute {
  receiver: string;
  groupBy: string[];
  /** group by every label (`...`) */
  groupByAll: boolean;
  groupWait: string;
  groupInterval: string;
  repeatInterval: string;
  /** the route's position, e.g. [0, 2] = third child of the first child of the root */
  path: number[];
}

// Alertmanager's defaults when the root leaves them out.
const ROOT_DEFAULTS = { groupWait: '30s', groupInterval: '5m', repeatInterval: '4h' };

export function matchRoutes(root: Route, labels: Readonly<Record<string, string>>): MatchedRoute[] {
  const inherited: MatchedRoute = {
    receiver: root.receiver ?? '',
    groupBy: [],
    groupByAll: false,
    ...ROOT_DEFAULTS,
    path: [],
  };
  return visit(root, withOwn(root, inherited, []), labels);
}

function withOwn(route: Route, parent: MatchedRoute, path: number[]): MatchedRoute {
  const groupBy = route.group_by ?? (parent.groupByAll ? ['...'] : parent.groupBy);
  return {
    receiver: route.receiver || parent.receiver,
    groupByAll: groupBy.includes('...'),
    groupBy: groupBy.filter((label) => label !== '...'),
    groupWait: route.group_wait ?? parent.groupWait,
    groupInterval: route.group_interval ?? parent.groupInterval,
    repeatInterval: route.repeat_interval ?? parent.repeatInterval,
    path,
  };
}

/**
 * A route's matchers, compiled once per route object: the dispatcher routes every alert of an org
 * through the same tree object, and regex matchers are not free to build.
 */
const compiled = new WeakMap<Route, CompiledMatcher[]>();
function compiledMatchersOf(route: Route): CompiledMatcher[] {
  let matchers = compiled.get(route);
  if (!matchers) compiled.set(route, (matchers = routeMatchers(route).map(compileMatcher)));
  return matchers;
}

function visit(route: Route, self: MatchedRoute, labels: Readonly<Record<string, string>>): MatchedRoute[] {
  const matched: MatchedRoute[] = [];
  for (const [index, child] of (route.routes ?? []).entries()) {
    const matchers = compiledMatchersOf(child);
    if (!matchesAll(matchers, labels)) continue;
    matched.push(...visit(child, withOwn(child, self, [...self.path, index]), labels));
    if (!child.continue) break;
  }
  return matched.length ? matched : [self];
}

/** The labels an alert is grouped by on a matched route. */
export function groupLabels(
  route: MatchedRoute,
  labels: Readonly<Record<string, string>>,
): Record<string, string> {
  if (route.groupByAll) return { ...labels };
  const group: Record<string, string> = {};
  for (const name of route.groupBy) if (labels[name] !== undefined) group[name] = labels[name];
  return group;
}
