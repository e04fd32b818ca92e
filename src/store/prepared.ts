import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { ChangeTracker, changeOf } from './change-tracker.js';

type Param = string | number;

/**
 * A query built and compiled by Kysely once, then run with new values: building and compiling a
 * query costs more than an indexed SQLite lookup, so hot paths (GET /api/dashboards/uid, a
 * dashboard save) prepare theirs. `build` receives one placeholder per argument and must use each
 * as a plain parameter value (in `where`/`on` comparisons, `set` or `values`), never in the SQL
 * text itself; the placeholders are found in the compiled parameters and replaced by the
 * arguments on each run.
 */
function prepare<Args extends Param[], Row>(
  arity: Args['length'],
  build: (...placeholders: Args) => Compilable<Row>,
): (args: Args) => CompiledQuery<Row> {
  let compiled: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  const compile = () => {
    const placeholders = Array.from({ length: arity }, (_, i) => `\u0000svc-prepared-${i}\u0000`);
    const query = build(...(placeholders as Args)).compile();
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
    compiled ??= compile();
    const { query, slots } = compiled;
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
  const withArgs = prepare(arity, build);
  return async (...args: Args) => {
    const query = withArgs(args);
    if (query.query.kind !== 'SelectQueryNode') throw new Error('preparedSelect: only SELECT queries');
    return (await db.executeQuery<Row>(query)).rows;
  };
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
  const withArgs = prepare(arity, build);
  const tracker = db.getExecutor().plugins.find((p): p is ChangeTracker => p instanceof ChangeTracker);
  let change: ReturnType<typeof changeOf> | undefined;
  return (...args: Args) => {
    const query = { ...withArgs(args), queryId: createQueryId() };
    change ??= changeOf(query.query);
    if (!change.tables.size) throw new Error('preparedWrite: only INSERT, UPDATE and DELETE queries');
    tracker?.expect(query.queryId, change);
    return db.executeQuery(query);
  };
}
