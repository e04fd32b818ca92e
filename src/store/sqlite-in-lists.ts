/**
 * Long IN lists, padded to a few lengths so that SQLite's statement cache (store/connect.ts) holds
 * a few statements per query instead of one per list length. SQLite keeps a compiled program for
 * each prepared statement, and a list of n values makes its own text: at 100 000 dashboards the
 * permission loads of 1 to 300 teams alone kept about 10 MB of such programs. A list of more than
 * EXACT_UP_TO values is padded to the next power of two by repeating its last value, which changes
 * no answer: `x IN (…)` and `x NOT IN (…)` test membership of a set.
 */
const EXACT_UP_TO = 8;

/** Kysely writes a list of values as `in (?, ?, ?)` */
const IN_LIST = /\bin \((\?(?:, \?)*)\)/gi;

/** How to run a statement text with its IN lists padded. */
export interface InListPlan {
  /** the text with every long list padded */
  sql: string;
  /** parameters of the original text: any other number means a `?` this plan did not see */
  parameters: number;
  /** for each padded list: the index of its last parameter and the copies of it to add */
  pads: [last: number, copies: number][];
}

const placeholdersIn = (text: string) => text.split('?').length - 1;

/** The plan for `sql`, or undefined when it has no list to pad. */
export function planInLists(sql: string): InListPlan | undefined {
  const pads: InListPlan['pads'] = [];
  let padded = '';
  let copied = 0;
  let before = 0;
  for (const match of sql.matchAll(IN_LIST)) {
    const values = placeholdersIn(match[1]!);
    if (values <= EXACT_UP_TO) continue;
    const length = 2 ** Math.ceil(Math.log2(values));
    before += placeholdersIn(sql.slice(copied, match.index));
    pads.push([before + values - 1, length - values]);
    padded += `${sql.slice(copied, match.index)}in (${'?, '.repeat(length - 1)}?)`;
    copied = match.index + match[0].length;
    before += values;
  }
  if (pads.length === 0) return undefined;
  return { sql: padded + sql.slice(copied), parameters: placeholdersIn(sql), pads };
}

/** `parameters` for the padded text of `plan`, or undefined when they do not fit the plan. */
export function padParameters(parameters: readonly unknown[], plan: InListPlan): unknown[] | undefined {
  if (parameters.length !== plan.parameters) return undefined;
  const out: unknown[] = [];
  let next = 0;
  for (const [last, copies] of plan.pads) {
    while (next <= last) out.push(parameters[next++]);
    for (let i = 0; i < copies; i++) out.push(parameters[last]);
  }
  while (next < parameters.length) out.push(parameters[next++]);
  return out;
}
