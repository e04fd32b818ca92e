import { describe, expect, it } from 'vitest';
import {
  chooseSelection,
  prometheusVariableQuery,
  scopedVars,
  sortOptions,
  staticOptions,
} from '../../../web/src/lib/variable-state.js';
import {
  ALL_VALUE,
  applyRegex,
  formatVariable,
  interpolate,
  interpolateDeep,
  parseCustomOptions,
} from '../../../web/src/lib/variables.js';

const vars = {
  host: { value: 'web-1', text: 'Web 1' },
  hosts: { value: ['a.b', 'c'], text: ['A', 'C'] },
  n: { value: '5' },
};

describe('variable interpolation', () => {
  it('replaces $var, ${var}, [[var]] and leaves unknown variables alone', () => {
    expect(interpolate('up{host="$host"}', vars)).toBe('up{host="web-1"}');
    expect(interpolate('${host}-x [[host]] $nope ${nope}', vars)).toBe('web-1-x web-1 $nope ${nope}');
    expect(interpolate('${host:text} [[hosts:text]]', vars)).toBe('Web 1 A + C');
  });

  it('formats several values: glob by default, a data source format, or the named format', () => {
    expect(interpolate('$hosts', vars)).toBe('{a.b,c}');
    expect(interpolate('$hosts', vars, 'regex')).toBe('(a\\.b|c)');
    expect(interpolate('$host', vars, 'regex')).toBe('web-1');
    expect(interpolate('${hosts:csv}|${hosts:pipe}|${hosts:json}', vars)).toBe('a.b,c|a.b|c|["a.b","c"]');
    expect(interpolate('${hosts:singlequote} ${hosts:doublequote} ${hosts:sqlstring}', vars)).toBe(
      `'a.b','c' "a.b","c" 'a.b','c'`,
    );
    expect(interpolate('${hosts:queryparam}', vars)).toBe('var-a.b&var-c');
    expect(interpolate('${hosts:lucene}', vars)).toBe('("a.b" OR "c")');
    expect(formatVariable("it's", 'sqlstring')).toBe("'it''s'");
    expect(formatVariable('a b', 'percentencode')).toBe('a%20b');
  });

  it('interpolates every string of a query target but not its keys', () => {
    expect(
      interpolateDeep({ expr: 'rate(x{h="$host"}[$n])', nested: [{ $host: '$n' }], count: 3 }, vars),
    ).toEqual({
      expr: 'rate(x{h="web-1"}[5])',
      nested: [{ $host: '5' }],
      count: 3,
    });
  });

  it('parses custom options with "text : value" pairs and escaped commas', () => {
    expect(parseCustomOptions('a, b : 2,c\\,d')).toEqual([
      { text: 'a', value: 'a' },
      { text: 'b', value: '2' },
      { text: 'c,d', value: 'c,d' },
    ]);
  });

  it('filters options with a regex and takes a capture group as the value', () => {
    expect(applyRegex(['node-1', 'node-2', 'db-1'], '/node-(\\d)/')).toEqual([
      { text: '1', value: '1' },
      { text: '2', value: '2' },
    ]);
    expect(applyRegex(['x'], '/(?<text>x)(?<value>)/')).toEqual([{ text: 'x', value: '' }]);
  });
});

describe('variable state', () => {
  it('takes URL values first, then the saved value, then the first option', () => {
    const model = { name: 'h', type: 'custom', query: 'a,b,c', current: { value: 'b' } };
    const options = staticOptions(model);
    expect(chooseSelection(model, options, ['c'])).toEqual(['c']);
    expect(chooseSelection(model, options, undefined)).toEqual(['b']);
    expect(chooseSelection({ ...model, current: { value: 'zzz' } }, options, undefined)).toEqual(['a']);
    expect(chooseSelection({ ...model, multi: true }, options, ['a', 'c'])).toEqual(['a', 'c']);
    expect(chooseSelection({ ...model, includeAll: true }, options, ['All'])).toEqual([ALL_VALUE]);
    expect(chooseSelection({ name: 't', type: 'textbox', query: 'dflt' }, [], ['typed'])).toEqual(['typed']);
    expect(chooseSelection({ name: 'k', type: 'constant', query: 'fixed' }, [], ['other'])).toEqual([
      'fixed',
    ]);
  });

  it('builds scoped vars: All as every option or allValue, auto intervals, built-ins', () => {
    const states = [
      {
        model: { name: 'h', type: 'custom', includeAll: true },
        options: [
          { text: 'a', value: 'a' },
          { text: 'b', value: 'b' },
        ],
        selected: [ALL_VALUE],
      },
      {
        model: { name: 'r', type: 'custom', includeAll: true, allValue: '.*' },
        options: [],
        selected: [ALL_VALUE],
      },
      {
        model: { name: 'i', type: 'interval', auto: true, auto_count: 10, auto_min: '1m' },
        options: [],
        selected: ['$__auto_interval'],
      },
    ];
    const scoped = scopedVars(states, { from: 0, to: 3_600_000, intervalMs: 15_000 });
    expect(scoped.h).toEqual({ value: ['a', 'b'], text: 'All' });
    expect(scoped.r).toEqual({ value: '.*', text: 'All' });
    expect(scoped.i!.value).toBe('10m');
    expect(scoped.__interval!.value).toBe('15s');
    expect(scoped.__interval_ms!.value).toBe('15000');
    expect(scoped.__range_s!.value).toBe('3600');
    expect(
      staticOptions({ name: 'i', type: 'interval', query: '1m,5m', auto: true }).map((o) => o.value),
    ).toEqual(['$__auto_interval', '1m', '5m']);
  });

  it('turns Prometheus label_values into an instant grouping query', () => {
    expect(prometheusVariableQuery('label_values(up{job="x"}, instance)')).toEqual({
      expr: 'group by (instance) (up{job="x"})',
      label: 'instance',
      instant: true,
    });
    expect(prometheusVariableQuery('label_values(job)').expr).toBe('group by (job) ({job!=""})');
  });

  it('sorts options alphabetically, numerically, case-insensitively, and in reverse', () => {
    const options = ['b10', 'B2', 'a1'].map((v) => ({ text: v, value: v }));
    expect(sortOptions(options, 1).map((o) => o.text)).toEqual(['B2', 'a1', 'b10']);
    expect(sortOptions(options, 3).map((o) => o.text)).toEqual(['a1', 'B2', 'b10']);
    expect(sortOptions(options, 6).map((o) => o.text)).toEqual(['B2', 'b10', 'a1']);
  });
});
