import { describe, expect, it } from 'vitest';
import { groupLabels, matchRoutes } from '../../../src/features/alerting/routing/match-routes.js';
import { compileMatcher, parseMatcher } from '../../../src/features/alerting/routing/matchers.js';
import {
  receiverUsage,
  RouteError,
  validateRoute,
  type Route,
} from '../../../src/features/alerting/routing/route.js';

const receivers = (root: Route, labels: Record<string, string>) =>
  matchRoutes(root, labels).map((m) => m.receiver);

describe('matchers', () => {
  it('matches =, !=, =~ and !~ with anchored regexes; a missing label is the empty string', () => {
    const labels = { team: 'ops', severity: 'critical' };
    expect(compileMatcher({ name: 'team', type: '=', value: 'ops' }).matches(labels)).toBe(true);
    expect(compileMatcher({ name: 'team', type: '!=', value: 'ops' }).matches(labels)).toBe(false);
    expect(compileMatcher({ name: 'severity', type: '=~', value: 'crit.*' }).matches(labels)).toBe(true);
    expect(compileMatcher({ name: 'severity', type: '=~', value: 'crit' }).matches(labels)).toBe(false);
    expect(compileMatcher({ name: 'severity', type: '!~', value: 'warn|info' }).matches(labels)).toBe(true);
    expect(compileMatcher({ name: 'missing', type: '=', value: '' }).matches(labels)).toBe(true);
    expect(compileMatcher({ name: 'missing', type: '!=', value: '' }).matches(labels)).toBe(false);
    expect(compileMatcher({ name: 'missing', type: '=~', value: '.*' }).matches(labels)).toBe(true);
  });

  it('parses Prometheus text matchers, quoted or not', () => {
    expect(parseMatcher('team="ops"')).toEqual({ name: 'team', type: '=', value: 'ops' });
    expect(parseMatcher('severity =~ "crit|warn"')).toEqual({
      name: 'severity',
      type: '=~',
      value: 'crit|warn',
    });
    expect(parseMatcher('env!=prod')).toEqual({ name: 'env', type: '!=', value: 'prod' });
    expect(parseMatcher('a!~"x\\"y"')).toEqual({ name: 'a', type: '!~', value: 'x"y' });
    expect(parseMatcher('{job="api"}')).toEqual({ name: 'job', type: '=', value: 'api' });
    expect(() => parseMatcher('nonsense')).toThrow('bad matcher format');
  });

  it('rejects a bad regex', () => {
    expect(() => compileMatcher({ name: 'a', type: '=~', value: '(' })).toThrow('invalid regular expression');
  });
});

describe('matchRoutes', () => {
  const tree: Route = {
    receiver: 'default',
    group_by: ['alertname'],
    group_wait: '10s',
    routes: [
      { receiver: 'db', object_matchers: [['service', '=', 'db']], group_by: ['...'] },
      {
        receiver: 'ops',
        matchers: ['team="ops"'],
        continue: true,
        repeat_interval: '1h',
        routes: [{ receiver: 'ops-critical', object_matchers: [['severity', '=~', 'crit.*']] }],
      },
      { receiver: 'catch-ops', object_matchers: [['team', '!=', '']] },
      { receiver: 'never', object_matchers: [['team', '=', 'ops']] },
    ],
  };

  it('falls back to the root when no child matches', () => {
    const [match] = matchRoutes(tree, { alertname: 'x' });
    expect(match).toEqual({
      receiver: 'default',
      groupBy: ['alertname'],
      groupByAll: false,
      groupWait: '10s',
      groupInterval: '5m',
      repeatInterval: '4h',
      path: [],
    });
  });

  it('stops at the first matching child unless it has continue', () => {
    expect(receivers(tree, { service: 'db', team: 'ops' })).toEqual(['db']);
    // continue on "ops" lets the next siblings be tried; "catch-ops" matches and stops
    expect(receivers(tree, { team: 'ops' })).toEqual(['ops', 'catch-ops']);
  });

  it('descends into nested routes, inheriting settings', () => {
    const matches = matchRoutes(tree, { team: 'ops', severity: 'critical' });
    expect(matches.map((m) => m.receiver)).toEqual(['ops-critical', 'catch-ops']);
    expect(matches[0]).toMatchObject({
      path: [1, 0],
      repeatInterval: '1h',
      groupWait: '10s',
      groupBy: ['alertname'],
    });
    expect(matches[1]).toMatchObject({ path: [2], repeatInterval: '4h' });
  });

  it('groups by the route labels or every label with ...', () => {
    const [db] = matchRoutes(tree, { service: 'db', alertname: 'A' });
    expect(db!.groupByAll).toBe(true);
    expect(groupLabels(db!, { service: 'db', alertname: 'A' })).toEqual({ service: 'db', alertname: 'A' });
    const [root] = matchRoutes(tree, { alertname: 'A', x: 'y' });
    expect(groupLabels(root!, { alertname: 'A', x: 'y' })).toEqual({ alertname: 'A' });
  });

  it('uses legacy match and match_re', () => {
    const legacy: Route = {
      receiver: 'r',
      routes: [{ receiver: 'm', match: { a: '1' }, match_re: { b: '2|3' } }],
    };
    expect(receivers(legacy, { a: '1', b: '3' })).toEqual(['m']);
    expect(receivers(legacy, { a: '1', b: '4' })).toEqual(['r']);
  });
});

describe('validateRoute', () => {
  const exists = (name: string) => ['a', 'b'].includes(name);

  it('accepts a valid tree and names the first problem of a bad one', () => {
    expect(() =>
      validateRoute(
        { receiver: 'a', routes: [{ receiver: 'b', matchers: ['x=~"y+"'], group_wait: '1m30s' }] },
        exists,
      ),
    ).not.toThrow();
    const problem = (root: Route) => {
      try {
        validateRoute(root, exists);
        return undefined;
      } catch (err) {
        expect(err).toBeInstanceOf(RouteError);
        return (err as Error).message;
      }
    };
    expect(problem({})).toBe('root route must specify a default receiver');
    expect(problem({ receiver: 'a', object_matchers: [['x', '=', 'y']] })).toBe(
      'root route must not have any matchers',
    );
    expect(problem({ receiver: 'a', routes: [{ receiver: 'zzz' }] })).toBe("receiver 'zzz' does not exist");
    expect(problem({ receiver: 'a', routes: [{ object_matchers: [['x', '=~', '(']] }] })).toContain(
      'invalid regular expression',
    );
    expect(problem({ receiver: 'a', routes: [{ object_matchers: [['x', '<>', 'y']] }] })).toBe(
      'unknown match type "<>"',
    );
    expect(problem({ receiver: 'a', group_wait: 'soon' })).toBe('invalid group_wait "soon"');
    expect(problem({ receiver: 'a', group_by: ['...', 'x'] })).toContain('wildcard group_by');
  });

  it('counts how many routes name each receiver', () => {
    const usage = receiverUsage({
      receiver: 'a',
      routes: [{ receiver: 'b' }, { receiver: 'a', routes: [{ receiver: 'b' }] }],
    });
    expect(Object.fromEntries(usage)).toEqual({ a: 2, b: 2 });
    expect(receiverUsage(undefined).size).toBe(0);
  });
});
