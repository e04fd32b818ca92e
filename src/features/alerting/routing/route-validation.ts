/**
 * A notification policy tree checked as Grafana checks one before saving it: its JSON types first
 * (the schema: Grafana's decoder), then each policy's own fields (matchers, durations, group_by,
 * the root's rules), then what it names in the org (contact points, then mute timings). Every
 * problem names its field by path, e.g. `routes[1].group_wait: invalid duration "soon"`. Pure.
 */

import { PolicyRoute } from '../policies.schema.js';
import { compileMatcher, MatcherError, parseMatcher, type Matcher, type MatchType } from './matchers.js';
import type { Route } from './route.js';

/** A refused tree: `path` is the field at fault (`routes[0].receiver`), `detail` what is wrong. */
export class RouteError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`${path || 'policy tree'}: ${detail}`);
  }
}

/** How deep policies nest at most (the root is level 0). */
const MAX_DEPTH = 64;
/**
 * How deep a body's JSON nests at most: a policy at MAX_DEPTH (2 levels each: the policy, its
 * `routes`) and its matcher triples (2 more). Checked without recursion before anything recurses
 * over the body, so a body nested far deeper is a 400 rather than a stack overflow.
 */
const MAX_JSON_DEPTH = 2 * MAX_DEPTH + 3;

/** `/routes/1/group_wait` (a JSON pointer, as Ajv and TypeBox report) as `routes[1].group_wait`. */
export function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : child(path, part)), '');
}

/** `parent.name`, or `parent["odd name"]` for a key that is not a plain identifier (a label name). */
function child(parent: string, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `${parent}[${JSON.stringify(name)}]`;
  return parent ? `${parent}.${name}` : name;
}

/** A schema failure (Ajv's on the API, TypeBox's for files: the same shape) as a RouteError. */
function shapeError(failure: { instancePath: string; message?: string }): RouteError {
  return new RouteError(fieldPath(failure.instancePath), failure.message ?? 'is invalid');
}

/** typebox/value (a few hundred modules) loads with the first tree checked, not at start. */
let valueModule: Promise<typeof import('typebox/value')> | undefined;

/**
 * The tree as the schema types it, from any parsed JSON or YAML: unknown fields dropped (Grafana's
 * decoder ignores them) and `provenance` too (svc sets it). Throws RouteError for a wrong type.
 */
export async function parseRouteTree(value: unknown): Promise<Route> {
  checkNesting(value);
  const { default: Value } = await (valueModule ??= import('typebox/value'));
  const tree = Value.Clean(PolicyRoute, structuredClone(value));
  const [failure] = Value.Errors(PolicyRoute, tree);
  if (failure) throw shapeError(failure);
  const withoutProvenance = (route: Route): Route => {
    const copy: Route = { ...route };
    delete copy.provenance;
    if (route.routes) copy.routes = route.routes.map(withoutProvenance);
    return copy;
  };
  return withoutProvenance(tree as Route);
}

/** Throws RouteError at the first array or object nested deeper than MAX_JSON_DEPTH. */
function checkNesting(value: unknown): void {
  const pending: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > MAX_JSON_DEPTH) throw new RouteError(fieldPath(next.pointer), 'nested too deeply');
    for (const [key, inner] of Object.entries(next.value)) {
      pending.push({
        value: inner,
        pointer: `${next.pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        depth: next.depth + 1,
      });
    }
  }
}

/**
 * Prometheus duration syntax (`0`, `30s`, `1h30m`, units largest first, each at most once) in
 * milliseconds; undefined when it is not one or does not fit Go's duration.
 */
function promDurationMs(text: string): number | undefined {
  if (text === '0') return 0;
  const match = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(text);
  if (!text || !match) return undefined;
  const units = [31_536_000_000, 604_800_000, 86_400_000, 3_600_000, 60_000, 1_000, 1];
  const ms = units.reduce((sum, unit, i) => sum + Number(match[i + 1] ?? 0) * unit, 0);
  return ms <= MAX_GO_DURATION_MS ? ms : undefined;
}
/** The longest Go time.Duration (int64 nanoseconds), in milliseconds. */
const MAX_GO_DURATION_MS = 9_223_372_036_854;

/** The policy's matchers in all four forms, each with the path of where it was written. */
function matchersOf(route: Route, at: string): { path: string; read: () => Matcher }[] {
  return [
    ...(route.object_matchers ?? []).map(([name, type, value], i) => ({
      path: `${child(at, 'object_matchers')}[${i}]`,
      read: () => ({ name, type: type as MatchType, value }),
    })),
    ...(route.matchers ?? []).map((text, i) => ({
      path: `${child(at, 'matchers')}[${i}]`,
      read: () => parseMatcher(text),
    })),
    ...Object.entries(route.match ?? {}).map(([name, value]) => ({
      path: child(child(at, 'match'), name),
      read: (): Matcher => ({ name, type: '=', value }),
    })),
    ...Object.entries(route.match_re ?? {}).map(([name, value]) => ({
      path: child(child(at, 'match_re'), name),
      read: (): Matcher => ({ name, type: '=~', value }),
    })),
  ];
}

/** One policy's own fields: matchers compile, durations parse, group_by is consistent. */
function checkPolicy(route: Route, at: string): void {
  for (const { path, read } of matchersOf(route, at)) {
    try {
      compileMatcher(read());
    } catch (err) {
      if (err instanceof MatcherError) throw new RouteError(path, err.message);
      throw err;
    }
  }
  for (const key of ['group_wait', 'group_interval', 'repeat_interval'] as const) {
    const text = route[key];
    if (text === undefined) continue;
    const ms = promDurationMs(text);
    if (ms === undefined) throw new RouteError(child(at, key), `invalid duration ${JSON.stringify(text)}`);
    // Grafana's rule: a group_wait of 0 notifies at once; the two intervals would loop.
    if (ms === 0 && key !== 'group_wait') throw new RouteError(child(at, key), 'cannot be zero');
  }
  const groupBy = route.group_by ?? [];
  if (groupBy.includes('...') && groupBy.length > 1) {
    throw new RouteError(
      child(at, 'group_by'),
      'cannot have wildcard group_by (`...`) and other labels at the same time',
    );
  }
  const duplicate = groupBy.find((label, i) => groupBy.indexOf(label) !== i);
  if (duplicate !== undefined) {
    throw new RouteError(child(at, 'group_by'), `duplicated label ${JSON.stringify(duplicate)}`);
  }
}

/** Calls `visit` on every policy, root first, depth first, with its path (the root's is ''). */
function walk(root: Route, visit: (route: Route, path: string) => void): void {
  const step = (route: Route, path: string, depth: number) => {
    if (depth > MAX_DEPTH) {
      throw new RouteError(path, `routes are nested more than ${MAX_DEPTH} levels deep`);
    }
    visit(route, path);
    route.routes?.forEach((next, i) => step(next, `${child(path, 'routes')}[${i}]`, depth + 1));
  };
  step(root, '', 0);
}

/**
 * What Grafana checks of a tree on its own: the root names a receiver and has no matchers nor
 * time intervals, and every policy's fields are valid. Throws RouteError naming the first problem.
 */
export function validateRouteFields(root: Route): void {
  if (!root.receiver) throw new RouteError('receiver', 'root route must specify a default receiver');
  const rootMatcher = matchersOf(root, '')[0];
  if (rootMatcher) throw new RouteError(rootMatcher.path, 'root route must not have any matchers');
  if (root.mute_time_intervals?.length) {
    throw new RouteError('mute_time_intervals', 'root route must not have any mute time intervals');
  }
  if (root.active_time_intervals?.length) {
    throw new RouteError('active_time_intervals', 'root route must not have any active time intervals');
  }
  walk(root, checkPolicy);
}

/**
 * What a tree names in the org: every receiver (a contact point), then (Grafana's order) every
 * mute or active time interval (a mute timing). Throws RouteError naming the first missing one.
 */
export function validateRouteReferences(
  root: Route,
  receiverExists: (name: string) => boolean,
  timeIntervalExists: (name: string) => boolean,
): void {
  walk(root, (route, at) => {
    if (route.receiver && !receiverExists(route.receiver)) {
      throw new RouteError(child(at, 'receiver'), `receiver '${route.receiver}' does not exist`);
    }
  });
  walk(root, (route, at) => {
    for (const [key, kind] of [
      ['mute_time_intervals', 'mute'],
      ['active_time_intervals', 'active'],
    ] as const) {
      route[key]?.forEach((name, i) => {
        if (!timeIntervalExists(name)) {
          throw new RouteError(`${child(at, key)}[${i}]`, `${kind} time interval '${name}' does not exist`);
        }
      });
    }
  });
}
