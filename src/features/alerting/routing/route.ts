/**
 * The notification policy tree in Grafana's provisioning JSON shape. Its validation lives in
 * route-validation.ts, matching in match-routes.ts; all are pure.
 */

import { parseMatcher, type Matcher, type MatchType } from './matchers.js';

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

/** Every matcher of a route, whatever form it was written in (checked when the tree was saved). */
export function routeMatchers(route: Route): Matcher[] {
  const found: Matcher[] = [];
  for (const [name, type, value] of route.object_matchers ?? []) {
    found.push({ name, type: type as MatchType, value });
  }
  for (const text of route.matchers ?? []) found.push(parseMatcher(text));
  for (const [name, value] of Object.entries(route.match ?? {})) found.push({ name, type: '=', value });
  for (const [name, value] of Object.entries(route.match_re ?? {})) found.push({ name, type: '=~', value });
  return found;
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
