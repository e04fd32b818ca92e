import { labelsContain, labelsKey, type Labels, type Value } from './values.js';

export interface Pair {
  labels: Labels;
  a: Value;
  b: Value;
}

/**
 * Which items of two sets a binary math operation combines (Grafana's label "union"):
 * - equal label sets, or one side unlabelled → a pair, labelled like the labelled side;
 * - different label sets of the same size → no pair (they describe different things);
 * - one set a superset of the other → a pair, labelled with the larger set;
 * - nothing paired but each side holds exactly one item → combine those two, without labels
 *   (so `$A / $B` works on two single series whatever they are called).
 * Pairs come in the order of `as`, then of `bs`, as Grafana's nested loop makes them.
 */
export function unionPairs(as: Value[], bs: Value[]): Pair[] {
  const index = indexBySize(bs);
  const pairs: Pair[] = [];
  for (const a of as) {
    for (const position of candidates(a.labels, bs, index)) {
      const b = bs[position]!;
      pairs.push({
        labels: Object.keys(a.labels).length >= Object.keys(b.labels).length ? a.labels : b.labels,
        a,
        b,
      });
    }
  }
  if (pairs.length === 0 && as.length === 1 && bs.length === 1) {
    pairs.push({ labels: {}, a: as[0]!, b: bs[0]! });
  }
  return pairs;
}

interface SizeIndex {
  /** positions in `bs` by label count */
  bySize: Map<number, number[]>;
  /** positions in `bs` by exact label set */
  byKey: Map<string, number[]>;
}

function indexBySize(bs: Value[]): SizeIndex {
  const bySize = new Map<number, number[]>();
  const byKey = new Map<string, number[]>();
  const add = <K>(map: Map<K, number[]>, key: K, position: number) => {
    const list = map.get(key);
    if (list) list.push(position);
    else map.set(key, [position]);
  };
  bs.forEach((b, position) => {
    add(bySize, Object.keys(b.labels).length, position);
    add(byKey, labelsKey(b.labels), position);
  });
  return { bySize, byKey };
}

/**
 * The positions of the `bs` that pair with labels `a`. Same-size label sets pair only when
 * equal, which is one lookup, so the usual case (both sides labelled alike) stays linear; only
 * label sets of other sizes are compared one by one.
 */
function candidates(a: Labels, bs: Value[], { bySize, byKey }: SizeIndex): number[] {
  const size = Object.keys(a).length;
  if (size === 0) return bs.map((_, position) => position);
  const found = [...(byKey.get(labelsKey(a)) ?? []), ...(bySize.get(0) ?? [])];
  for (const [otherSize, positions] of bySize) {
    if (otherSize === 0 || otherSize === size) continue;
    for (const position of positions) {
      const b = bs[position]!.labels;
      if (otherSize > size ? labelsContain(b, a) : labelsContain(a, b)) found.push(position);
    }
  }
  return found.sort((x, y) => x - y);
}
