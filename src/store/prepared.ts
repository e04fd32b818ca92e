import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { ChangeTracker, changeOf, type TableChange } from './change-tracker.js';

type Param = string | number;

/**
 * A query built and compiled by Kysely once, then run with new values: building and compiling a
 * query costs more than an indexed SQLite lookup, so hot paths (GET /api/dashboards/uid, a
 * dashboard save) prepare theirs. `build` receives one placeholder per argument and must use each
 * as a plain parameter value (in `where`/`on` comparisons, `set` or `values`), never in the SQL
 * text itself; the placeholders are found in the compiled parameters and replaced by the
 * arguments on each run. `compiled` sees the compiled query once (to refuse the wrong kind).
 */
function prepare<Args extends Param[], Row>(
  arity: Args['length'],
  build: (...placeholders: Args) => Compilable<Row>,
  compiled: (query: CompiledQuery<Row>) => void,
): (args: Args) => CompiledQuery<Row> {
  let prepared: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  const compile = () => {
    const placeholders = Array.from({ length: arity }, (_, i) => `\u0000svc-prepared-${i}\u0000`);
    const query = build(...(placeholders as Args)).compile();
    compiled(query);
    // For each compiled parameter: the argument it stands for, or undefined for a constant.
    const slots = query.parameters.map((p) => {
      const index = typeof p === 'string' ? placeholders.indexOf(p) : -1;
      return index < 0 ? undefined : index;
    });
    for (let i = 0; i < arity; i++)
      if (!slots.includes(i)) throw new Error(`prepared query: placeholder ${i} is not a parameter`);
    return { query, slots };
  };
  return (args) => {
    prepared ??= compile();
    const { query, slots } = prepared;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === undefined ? p : args[slot];
    });
    return { ...query, parameters };
  };
}

/** A prepared SELECT (see `prepare`): its rows. */
export function preparedSelect<Args extends Param[], Row>(
  db: Kysely<never>,
  arity: Args['length'],
  build: (...placeholders: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const withArgs = prepare(arity, build, (query) => {
    if (query.query.kind !== 'SelectQueryNode') throw new Error('preparedSelect: only SELECT queries');
  });
  return async (...args: Args) => (await db.executeQuery<Row>(withArgs(args))).rows;
}

/**
 * A prepared INSERT, UPDATE or DELETE (see `prepare`): its result. The change tracker sees it as
 * it sees every write of the query builder, under each run's own query id.
 */
export function preparedWrite<Args extends Param[]>(
  db: Kysely<never>,
  arity: Args['length'],
  build: (...placeholders: Args) => Compilable<unknown>,
): (...args: Args) => Promise<QueryResult<unknown>> {
  const tracker = db.getExecutor().plugins.find((p): p is ChangeTracker => p instanceof ChangeTracker);
  let change: TableChange | undefined;
  const withArgs = prepare(arity, build, (query) => {
    change = changeOf(query.query);
    if (!change.tables.size) throw new Error('preparedWrite: only INSERT, UPDATE and DELETE queries');
  });
  return (...args: Args) => {
    const query = { ...withArgs(args), queryId: createQueryId() };
    tracker?.expect(query.queryId, change!);
    return db.executeQuery(query);
  };
}
