import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { currentSlots, runWithSlots } from '../lib/async-slot.js';
import { onCommitOfUnit } from './transaction.js';

/** What a write touched: its tables and, for an UPDATE, the columns it set. */
export interface TableChange {
  tables: ReadonlySet<string>;
  /** empty for INSERT and DELETE */
  columns: ReadonlySet<string>;
}

type Listener = (change: TableChange) => void;
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

/**
 * Tells listeners which tables every INSERT, UPDATE or DELETE touched, after it ran. Caches derived
 * from tables subscribe here, so no write path can forget to invalidate them. Raw `sql` statements
 * are not seen: stores use the query builder for writes.
 *
 * A write inside a unit of work is reported twice: when its statement ran, and again (in the same
 * async context) after the unit committed. Between the two, a reader on another connection — here
 * or on another instance told through the cache bus — may still load the old rows and cache them
 * as current; the second report drops them. Listeners therefore invalidate, never count.
 */
export class ChangeTracker implements KyselyPlugin {
  private readonly pending = new WeakMap<object, TableChange>();
  private readonly listeners: Listener[] = [];

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) this.pending.set(args.queryId, changeOf(args.node));
    return args.node;
  }

  /** A write compiled earlier runs again as `queryId` (store/prepared.ts): it changes `change`. */
  expect(queryId: QueryId, change: TableChange): void {
    this.pending.set(queryId, change);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const change = this.pending.get(args.queryId);
    if (change) {
      this.pending.delete(args.queryId);
      const report = () => {
        for (const listener of this.listeners) listener(change);
      };
      report();
      // The slots' values, not AsyncLocalStorage.snapshot() (whose bind was 2 % of a dashboard
      // save) nor an AsyncResource: the storage may be off by the commit (lib/async-slot.ts).
      const slots = currentSlots();
      onCommitOfUnit(() => runWithSlots(slots, report));
    }
    return Promise.resolve(args.result);
  }
}

/** What a write changes; no tables for a query that is not a write. */
export function changeOf(node: RootOperationNode): TableChange {
  if (!WRITES.has(node.kind)) return { tables: new Set(), columns: new Set() };
  return { tables: writtenTables(node), columns: updatedColumns(node) };
}

/** The tables a write changes: its target, not those its subqueries or joins read. */
function writtenTables(node: RootOperationNode): Set<string> {
  const write = node as { into?: unknown; table?: unknown; from?: unknown };
  return tablesIn(write.into ?? write.table ?? write.from);
}

function tablesIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) tablesIn(child, found);
  } else if (node !== null && typeof node === 'object') {
    const record = node as { kind?: string; table?: { identifier?: { name?: string } } };
    if (record.kind === 'TableNode' && record.table?.identifier?.name)
      found.add(record.table.identifier.name);
    for (const value of Object.values(node)) if (typeof value === 'object') tablesIn(value, found);
  }
  return found;
}

function updatedColumns(node: RootOperationNode): Set<string> {
  if (node.kind !== 'UpdateQueryNode') return new Set();
  const updates = (node as { updates?: { column?: { column?: { name?: string } } }[] }).updates ?? [];
  return new Set(updates.map((u) => u.column?.column?.name ?? '').filter(Boolean));
}
