/**
 * `values` for an IN list, padded to the next power of two by repeating the last one. A list of
 * each length makes its own SQL text, and SQLite's statement cache (store/connect.ts) keeps each
 * one compiled: the permission loads of 1 to 300 teams kept about 10 MB of such programs at
 * 100 000 dashboards. Padded, a query has a few texts. Repeats change no answer of `in`.
 */
export function paddedInList<T>(values: readonly T[]): readonly T[] {
  if (values.length < 2) return values;
  const length = 2 ** Math.ceil(Math.log2(values.length));
  if (length === values.length) return values;
  return [...values, ...Array<T>(length - values.length).fill(values[values.length - 1]!)];
}
