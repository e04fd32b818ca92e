import { labelsContain, labelsEqual, type Labels, type Value } from './values.js';

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
 */
export function unionPairs(as: Value[], bs: Value[]): Pair[] {
  const pairs: Pair[] = [];
  for (const a of as) {
    for (const b of bs) {
      const labels = pairLabels(a.labels, b.labels);
      if (labels) pairs.push({ labels, a, b });
    }
  }
  if (pairs.length === 0 && as.length === 1 && bs.length === 1) {
    pairs.push({ labels: {}, a: as[0]!, b: bs[0]! });
  }
  return pairs;
}

function pairLabels(a: Labels, b: Labels): Labels | undefined {
  const aSize = Object.keys(a).length;
  const bSize = Object.keys(b).length;
  if (aSize === 0) return b;
  if (bSize === 0 || labelsEqual(a, b)) return a;
  if (aSize === bSize) return undefined;
  if (labelsContain(a, b)) return a;
  if (labelsContain(b, a)) return b;
  return undefined;
}
