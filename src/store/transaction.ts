import { AsyncSlot } from '../lib/async-slot.js';
import type { DatabaseConnection, Kysely } from 'kysely';
import { withRetries, type RetryListener } from './retry.js';

/** Work to do once the unit of work that registered it has committed (caches, indexes, events). */
export type AfterCommit = (task: () => void | Promise<void>) => void;

/** One running unit of work: its transaction, the connection it holds, what waits for its commit. */
interface Unit {
  trx?: object;
  connection?: DatabaseConnection;
  tasks: (() => void | Promise<void>)[];
  open: boolean;
}

const units = new AsyncSlot<Unit>();
const retryListeners = new WeakMap<object, RetryListener>();

/** Where retries of `db`'s transactions are reported (store/database.ts wires the metric). */
export function reportRetries(db: object, listener: RetryListener): void {
  retryListeners.set(db, listener);
}

/**
 * The connection of the unit of work the caller runs in, if any (store/retrying-driver.ts hands
 * it out instead of a pooled one, so a store built on the plain database joins the unit).
 */
export function unitConnection(): DatabaseConnection | undefined {
  const unit = units.getStore();
  return unit?.open ? unit.connection : undefined;
}

/**
 * The unit of work the caller runs in, if any: work batched across callers (one query for
 * several) must be batched per unit, or one caller's query would run in another's transaction.
 */
export function currentUnit(): object | undefined {
  const unit = units.getStore();
  return unit?.open ? unit : undefined;
}

/** Called by the driver when the current unit's transaction begins on `connection`. */
export function unitBegan(connection: DatabaseConnection): void {
  const unit = units.getStore();
  if (unit?.open && !unit.connection) unit.connection = connection;
}

/**
 * The one way to run a unit of work: `work` runs inside a transaction, and the whole of it is run
 * again when the database reports a deadlock, a serialization failure, a lock wait timeout or
 * BUSY (store/retry.ts) — so `work` must do nothing but database reads and writes and pure
 * computation. What other parts of the process must see goes through `afterCommit`: those tasks
 * run once, after the attempt that committed, in the order they were registered.
 *
 * Everything `work` calls joins the unit: stores built on the plain database run their queries on
 * the unit's connection, and a nested `inTransaction` is part of the outer unit (the outer one is
 * what is re-run, and its commit is what nested `afterCommit` tasks wait for). So a service can
 * compose the stores of several features into one transaction without passing it around.
 */
export async function inTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const outer = units.getStore();
  if (outer?.open && outer.trx) {
    return work(outer.trx as Kysely<DB>, (task) => outer.tasks.push(task));
  }
  if (db.isTransaction) throw new Error('inTransaction: a transaction not started by inTransaction');
  let unit: Unit = { tasks: [], open: true };
  const result = await withRetries(
    () => {
      unit = { tasks: [], open: true };
      const attempt = unit;
      return units.run(attempt, async () => {
        try {
          return await db.transaction().execute((trx) => {
            attempt.trx = trx;
            return work(trx, (task) => attempt.tasks.push(task));
          });
        } finally {
          // Work left running past the unit (a stray promise) must not use its connection.
          attempt.open = false;
          attempt.connection = undefined;
        }
      });
    },
    (reason) => retryListeners.get(db)?.(reason),
  );
  for (const task of unit.tasks) await task();
  return result;
}

/**
 * Registers `task` to run after the current unit of work commits; outside a unit (a single
 * autocommitted statement has already committed) it runs now.
 */
export async function afterCommit(task: () => void | Promise<void>): Promise<void> {
  const unit = units.getStore();
  if (unit?.open) unit.tasks.push(task);
  else await task();
}

/**
 * Registers `task` to run after the current unit of work commits and says true; outside a unit
 * says false and does nothing.
 */
export function onCommitOfUnit(task: () => void): boolean {
  const unit = units.getStore();
  if (!unit?.open) return false;
  unit.tasks.push(task);
  return true;
}

/** A service's handle on units of work: `unitOfWork(async (afterCommit) => …)` (see inTransaction). */
export type UnitOfWork = <T>(work: (afterCommit: AfterCommit) => Promise<T>) => Promise<T>;

export function unitOfWork<DB>(db: Kysely<DB>): UnitOfWork {
  return (work) => inTransaction(db, (_trx, afterCommit) => work(afterCommit));
}
