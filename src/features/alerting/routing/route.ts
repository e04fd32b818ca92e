/**
 * The notification policy tree in Grafana's provisioning JSON shape, and its validation. Matching
 * lives in match-routes.ts; both are pure.
 */

import { compileMatcher, MatcherError, parseMatcher, type Matcher, type MatchType } from './matchers.js';

export interface Route {
  receiver?: string;
  group_by?: string[];
  continue?: boolean;
  /** `["name", "=", "value"]` triples */
  object_matchers?: [string, string, string][];
  /** Prometheus text matchers, e.g. `severity="critical"` */
  matchers?: string[];
  /** legacy equality and regex matchers */
  match?: Record<string, string>;
  match_re?: Record<string, string>;
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  mute_time_intervals?: string[];
  active_time_intervals?: string[];
  routes?: Route[];
  provenance?: string;
}

/** Grafana's default tree of a new organization. */
export function defaultRoute(receiver: string): Route {
  return { receiver, group_by: ['grafana_folder', 'alertname'] };
}

export class RouteError extends Error {}

/** Every matcher of a route, whatever form it was written in. */
export function routeMatchers(route: Route): Matcher[] {
  const found: Matcher[] = [];
  for (const triple of route.object_matchers ?? []) {
    if (!Array.isArray(triple) || triple.length !== 3 || triple.some((part) => typeof part !== 'string')) {
      throw new RouteError(
        `invalid object matcher ${JSON.stringify(triple)}: expected [name, operator, value]`,
      );
    }
    found.push({ name: triple[0], type: triple[1] as MatchType, value: triple[2] });
  }
  for (const text of route.matchers ?? []) found.push(parseMatcher(text));
  for (const [name, value] of Object.entries(route.match ?? {})) found.push({ name, type: '=', value });
  for (const [name, value] of Object.entries(route.match_re ?? {})) found.push({ name, type: '=~', value });
  return found;
}

const DURATION = /^((\d+)y)?((\d+)w)?((\d+)d)?((\d+)h)?((\d+)m)?((\d+)s)?((\d+)ms)?$/;

/** Prometheus duration syntax (`30s`, `1h30m`, `4h`), as route timings use it. */
function isPromDuration(text: string): boolean {
  return text !== '' && DURATION.test(text);
}

/**
 * Checks a tree: the root names a receiver and has no matchers nor time intervals, every receiver
 * exists, matchers and timings parse, then (Grafana's order) every named time interval exists.
 * Throws RouteError naming the first problem.
 */
export function validateRoute(
  root: Route,
  receiverExists: (name: string) => boolean,
  timeIntervalExists: (name: string) => boolean = () => true,
): void {
  if (!root.receiver) throw new RouteError('root route must specify a default receiver');
  if (routeMatchers(root).length) throw new RouteError('root route must not have any matchers');
  if (root.mute_time_intervals?.length)
    throw new RouteError('root route must not have any mute time intervals');
  if (root.active_time_intervals?.length) {
    throw new RouteError('root route must not have any active time intervals');
  }
  const visit = (route: Route, depth: number) => {
    if (route.receiver && !receiverExists(route.receiver)) {
      throw new RouteError(`receiver '${route.receiver}' does not exist`);
    }
    try {
      for (const matcher of routeMatchers(route)) compileMatcher(matcher);
    } catch (err) {
      if (err instanceof MatcherError) throw new RouteError(err.message);
      throw err;
    }
    for (const key of ['group_wait', 'group_interval', 'repeat_interval'] as const) {
      const value = route[key];
      if (value !== undefined && !isPromDuration(value)) throw new RouteError(`invalid ${key} "${value}"`);
    }
    if (route.group_by?.includes('...') && route.group_by.length > 1) {
      throw new RouteError('cannot have wildcard group_by (`...`) and other labels at the same time');
    }
    if (depth > 64) throw new RouteError('routes are nested too deeply');
    for (const child of route.routes ?? []) visit(child, depth + 1);
  };
  visit(root, 0);
  const checkIntervals = (route: Route) => {
    for (const name of route.mute_time_intervals ?? []) {
      if (!timeIntervalExists(name)) throw new RouteError(`mute time interval '${name}' does not exist`);
    }
    for (const name of route.active_time_intervals ?? []) {
      if (!timeIntervalExists(name)) throw new RouteError(`active time interval '${name}' does not exist`);
    }
    for (const child of route.routes ?? []) checkIntervals(child);
  };
  checkIntervals(root);
}

/** Names of the time intervals (mute or active) the tree references. */
export function timeIntervalUsage(root: Route | undefined): Set<string> {
  const used = new Set<string>();
  const visit = (route: Route) => {
    for (const name of [...(route.mute_time_intervals ?? []), ...(route.active_time_intervals ?? [])]) {
      used.add(name);
    }
    for (const child of route.routes ?? []) visit(child);
  };
  if (root) visit(root);
  return used;
}

/** The tree with a renamed time interval's references following it. */
export function renameTimeInterval(root: Route, from: string, to: string): Route {
  const rename = (names: string[] | undefined) => names?.map((name) => (name === from ? to : name));
  const visit = (route: Route): Route => ({
    ...route,
    ...(route.mute_time_intervals ? { mute_time_intervals: rename(route.mute_time_intervals) } : {}),
    ...(route.active_time_intervals ? { active_time_intervals: rename(route.active_time_intervals) } : {}),
    ...(route.routes ? { routes: route.routes.map(visit) } : {}),
  });
  return visit(root);
}

/** Receiver name → number of routes (root included) that name it. */
export function receiverUsage(root: Route | undefined): Map<string, number> {
  const usage = new Map<string, number>();
  const visit = (route: Route) => {
    if (route.receiver) usage.set(route.receiver, (usage.get(route.receiver) ?? 0) + 1);
    for (const child of route.routes ?? []) visit(child);
  };
  if (root) visit(root);
  return usage;
}
