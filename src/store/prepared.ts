import type { Compilable, CompiledQuery, Kysely } from 'kysely';

type Param = string | number;

/**
 * A SELECT built and compiled by Kysely once, then run with new values: building and compiling a
 * query costs more than an indexed SQLite lookup, so hot paths (GET /api/dashboards/uid) prepare
 * theirs. `build` receives one placeholder per argument and must use each as a plain parameter
 * value (in `where`/`on` comparisons), never in the SQL text itself; the placeholders are found in
 * the compiled parameters and replaced by the arguments on each run. Only SELECTs: the change
 * tracker sees writes by their query nodes, which is what the query builder is for.
 */
export function preparedSelect<Args extends Param[], Row>(
  db: Kysely<never>,
  arity: Args['length'],
  build: (...placeholders: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  const prepare = () => {
    const placeholders = Array.from({ length: arity }, (_, i) => `\u0000svc-prepared-${i}\u0000`);
    const query = build(...(placeholders as Args)).compile();
    if (query.query.kind !== 'SelectQueryNode') throw new Error('preparedSelect: only SELECT queries');
    // For each compiled parameter: the argument it stands for, or undefined for a constant.
    const slots = query.parameters.map((p) => {
      const index = typeof p === 'string' ? placeholders.indexOf(p) : -1;
      return index < 0 ? undefined : index;
    });
    for (let i = 0; i < arity; i++)
      if (!slots.includes(i)) throw new Error(`preparedSelect: placeholder ${i} is not a parameter`);
    return { query, slots };
  };
  return async (...args: Args) => {
    compiled ??= prepare();
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === undefined ? p : args[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
