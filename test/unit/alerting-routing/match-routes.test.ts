import { describe, expect, it } from 'vitest';
import { groupLabels, matchRoutes } from '../../../src/features/alerting/routing/match-routes.js';
import { compileMatcher, parseMatcher } from '../../../src/features/alerting/routing/matchers.js';
import {
  fieldPath,
  parseRouteTree,
  RouteError,
  validateRouteFields,
  validateRouteReferences,
} from '../../../src/features/alerting/routing/route-validation.js';
import { receiverUsage, type Route } from '../../../src/features/alerting/routing/route.js';

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

describe('route validation', () => {
  const exists = (name: string) => ['a', 'b'].includes(name);
  const validate = async (body: unknown) => {
    const tree = await parseRouteTree(body);
    validateRouteFields(tree);
    validateRouteReferences(tree, exists, (name) => name === 'lunch');
    return tree;
  };
  const problem = async (body: unknown) => {
    try {
      await validate(body);
      return undefined;
    } catch (err) {
      expect(err).toBeInstanceOf(RouteError);
      return (err as Error).message;
    }
  };

  it('accepts a valid tree, dropping unknown fields and provenance at every level', async () => {
    const tree = {
      receiver: 'a',
      provenance: 'api',
      extra: 1,
      group_wait: '0',
      routes: [
        {
          receiver: 'b',
          matchers: ['x=~"y+"'],
          group_wait: '1m30s',
          repeat_interval: '1w2d',
          mute_time_intervals: ['lunch'],
          provenance: 'file',
          routes: [{ group_by: ['...'], whatever: { nested: true } }],
        },
      ],
    };
    expect(await validate(tree)).toEqual({
      receiver: 'a',
      group_wait: '0',
      routes: [
        {
          receiver: 'b',
          matchers: ['x=~"y+"'],
          group_wait: '1m30s',
          repeat_interval: '1w2d',
          mute_time_intervals: ['lunch'],
          routes: [{ group_by: ['...'] }],
        },
      ],
    });
  });

  it('names the field of the first problem by its path', async () => {
    expect(await problem('tree')).toBe('policy tree: must be object');
    expect(await problem({ receiver: 'a', group_by: 'abc' })).toBe('group_by: must be array');
    expect(await problem({ receiver: 'a', routes: [{}, { continue: 'yes' }] })).toBe(
      'routes[1].continue: must be boolean',
    );
    expect(await problem({ receiver: 'a', routes: [{ object_matchers: [['x', '=']] }] })).toMatch(
      /^routes\[0\]\.object_matchers\[0\]: must not have fewer than 3 items$/,
    );
    expect(await problem({})).toBe('receiver: root route must specify a default receiver');
    expect(await problem({ receiver: 'a', object_matchers: [['x', '=', 'y']] })).toBe(
      'object_matchers[0]: root route must not have any matchers',
    );
    expect(await problem({ receiver: 'a', match: { x: 'y' } })).toBe(
      'match.x: root route must not have any matchers',
    );
    expect(await problem({ receiver: 'a', mute_time_intervals: ['lunch'] })).toBe(
      'mute_time_intervals: root route must not have any mute time intervals',
    );
    expect(await problem({ receiver: 'a', routes: [{ receiver: 'zzz' }] })).toBe(
      "routes[0].receiver: receiver 'zzz' does not exist",
    );
    expect(await problem({ receiver: 'a', routes: [{ object_matchers: [['x', '=~', '(']] }] })).toMatch(
      /^routes\[0\]\.object_matchers\[0\]: invalid regular expression "\("/,
    );
    expect(await problem({ receiver: 'a', routes: [{ object_matchers: [['x', '<>', 'y']] }] })).toBe(
      'routes[0].object_matchers[0]: unknown match type "<>"',
    );
    expect(await problem({ receiver: 'a', routes: [{ match_re: { 'a b': '[' } }] })).toMatch(
      /^routes\[0\]\.match_re\["a b"\]: invalid regular expression/,
    );
    expect(await problem({ receiver: 'a', routes: [{ matchers: ['nonsense'] }] })).toBe(
      'routes[0].matchers[0]: bad matcher format: nonsense',
    );
    expect(await problem({ receiver: 'a', group_wait: 'soon' })).toBe('group_wait: invalid duration "soon"');
    expect(await problem({ receiver: 'a', routes: [{ routes: [{ group_interval: '1m1h' }] }] })).toBe(
      'routes[0].routes[0].group_interval: invalid duration "1m1h"',
    );
    expect(await problem({ receiver: 'a', repeat_interval: '0s' })).toBe('repeat_interval: cannot be zero');
    expect(await problem({ receiver: 'a', group_interval: '' })).toBe('group_interval: invalid duration ""');
    expect(await problem({ receiver: 'a', group_wait: '300000000y' })).toBe(
      'group_wait: invalid duration "300000000y"',
    );
    expect(await problem({ receiver: 'a', group_by: ['...', 'x'] })).toBe(
      'group_by: cannot have wildcard group_by (`...`) and other labels at the same time',
    );
    expect(await problem({ receiver: 'a', group_by: ['x', 'y', 'x'] })).toBe(
      'group_by: duplicated label "x"',
    );
    expect(await problem({ receiver: 'a', routes: [{ active_time_intervals: ['lunch', 'dinner'] }] })).toBe(
      "routes[0].active_time_intervals[1]: active time interval 'dinner' does not exist",
    );
    const nested = (levels: number) => {
      let route: Route = {};
      for (let i = 0; i < levels; i++) route = { routes: [route] };
      return { ...route, receiver: 'a' };
    };
    expect(await problem(nested(64))).toBeUndefined();
    expect(await problem(nested(65))).toBe(
      `${'routes[0].'.repeat(65).slice(0, -1)}: routes are nested more than 64 levels deep`,
    );
    expect(await problem(nested(70))).toMatch(/^routes\[0\](\.routes\[0\])*(\.routes)?: nested too deeply$/);
    expect(
      await problem({
        receiver: 'a',
        match: JSON.parse(`${'{"a/b":'.repeat(200_000)}1${'}'.repeat(200_000)}`),
      }),
    ).toMatch(/^match\["a\/b"\]\["a\/b"\].*: nested too deeply$/);
  });

  it('reads JSON pointers as field paths', () => {
    expect(fieldPath('')).toBe('');
    expect(fieldPath('/routes/1/group_wait')).toBe('routes[1].group_wait');
    expect(fieldPath('/match/a~1b')).toBe('match["a/b"]');
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
