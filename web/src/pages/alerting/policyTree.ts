/** Pure edits of the notification policy tree; a node is addressed by its child indices from the root. */
import type { Route } from './types.js';

export type NodePath = number[];
export type Matcher = [string, string, string];

export const OPERATORS = ['=', '!=', '=~', '!~'] as const;

const unquote = (text: string) => {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed.slice(1, -1);
    }
  }
  return trimmed;
};

/** `severity="critical"` → `["severity", "=", "critical"]`; undefined when it does not parse. */
function parseMatcher(text: string): Matcher | undefined {
  const match = /^\s*("(?:[^"\\]|\\.)*"|[^\s!=~"]+)\s*(=~|!~|!=|=)\s*(.*?)\s*$/.exec(text);
  if (!match) return undefined;
  return [unquote(match[1]!), match[2]!, unquote(match[3]!)];
}

/**
 * Every matcher form (`matchers` text, legacy `match`/`match_re`) turned into `object_matchers`, the
 * form the editor writes, through the whole tree. Text matchers that do not parse stay as they are.
 */
export function normalizeRoute(route: Route): Route {
  const objectMatchers: Matcher[] = [...(route.object_matchers ?? [])];
  const kept: string[] = [];
  for (const text of route.matchers ?? []) {
    const parsed = parseMatcher(text);
    if (parsed) objectMatchers.push(parsed);
    else kept.push(text);
  }
  for (const [name, value] of Object.entries(route.match ?? {})) objectMatchers.push([name, '=', value]);
  for (const [name, value] of Object.entries(route.match_re ?? {})) objectMatchers.push([name, '=~', value]);
  const out: Route = { ...route };
  delete out.match;
  delete out.match_re;
  delete out.matchers;
  delete out.provenance;
  if (kept.length) out.matchers = kept;
  if (objectMatchers.length) out.object_matchers = objectMatchers;
  else delete out.object_matchers;
  if (route.routes) out.routes = route.routes.map(normalizeRoute);
  return out;
}

function nodeAt(root: Route, path: NodePath): Route | undefined {
  let node: Route | undefined = root;
  for (const index of path) node = node?.routes?.[index];
  return node;
}

/** A copy of the tree with the node at `path` replaced by `change(node)`. */
export function updateAt(root: Route, path: NodePath, change: (node: Route) => Route): Route {
  if (path.length === 0) return change(root);
  const [index, ...rest] = path;
  const routes = [...(root.routes ?? [])];
  routes[index!] = updateAt(routes[index!]!, rest, change);
  return { ...root, routes };
}

export function removeAt(root: Route, path: NodePath): Route {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return updateAt(root, parent, (node) => {
    const routes = (node.routes ?? []).filter((_, i) => i !== index);
    const next: Route = { ...node, routes };
    if (routes.length === 0) delete next.routes;
    return next;
  });
}

/** Adds an empty child (one empty matcher to fill in) and returns the tree and the child's path. */
export function addChild(root: Route, path: NodePath): { tree: Route; path: NodePath } {
  const count = nodeAt(root, path)?.routes?.length ?? 0;
  const tree = updateAt(root, path, (node) => ({
    ...node,
    routes: [...(node.routes ?? []), { object_matchers: [['', '=', '']] }],
  }));
  return { tree, path: [...path, count] };
}

/** Optional fields set to '' or [] are removed (inherited from the parent). */
export function withField<K extends keyof Route>(node: Route, key: K, value: Route[K] | ''): Route {
  const next = { ...node };
  if (value === '' || value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

const DURATION = /^((\d+)y)?((\d+)w)?((\d+)d)?((\d+)h)?((\d+)m)?((\d+)s)?((\d+)ms)?$/;

/** The first problem the editor can see before the server does, with the node it is in. */
export function checkTree(root: Route): { path: NodePath; message: string } | undefined {
  const visit = (node: Route, path: NodePath): { path: NodePath; message: string } | undefined => {
    for (const [index, [name]] of (node.object_matchers ?? []).entries()) {
      if (name.trim() === '') return { path, message: `Matcher ${index + 1} needs a label name` };
    }
    for (const key of ['group_wait', 'group_interval', 'repeat_interval'] as const) {
      const value = node[key];
      if (value !== undefined && (value === '' || !DURATION.test(value))) {
        return {
          path,
          message: `${key.replace('_', ' ')} "${value}" is not a duration such as 30s, 5m or 4h`,
        };
      }
    }
    for (const [index, child] of (node.routes ?? []).entries()) {
      const found = visit(child, [...path, index]);
      if (found) return found;
    }
    return undefined;
  };
  if (!root.receiver) return { path: [], message: 'The default policy needs a contact point' };
  return visit(root, []);
}

export const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
