import { describe, expect, it } from 'vitest';
import { routeAlert } from '../../../src/features/alert-dispatch/routing.js';
import type { Route } from '../../../src/features/alerting/routing/route.js';

const timingOf = (tree: Route) => routeAlert(tree, { alertname: 'A', team: 'ops' })[0]!.timing;

describe('routeAlert timing', () => {
  it('takes the route’s durations, inherited down the tree, with Alertmanager’s defaults', () => {
    expect(timingOf({ receiver: 'r' })).toEqual({
      groupWaitMs: 30_000,
      groupIntervalMs: 300_000,
      repeatIntervalMs: 4 * 3_600_000,
    });
    expect(
      timingOf({
        receiver: 'r',
        group_wait: '10s',
        repeat_interval: '1h',
        routes: [{ receiver: 'ops', object_matchers: [['team', '=', 'ops']], group_interval: '1m' }],
      }),
    ).toEqual({ groupWaitMs: 10_000, groupIntervalMs: 60_000, repeatIntervalMs: 3_600_000 });
  });

  it('sends a new group at once when group_wait is 0s', () => {
    expect(timingOf({ receiver: 'r', group_wait: '0s' }).groupWaitMs).toBe(0);
    expect(
      timingOf({
        receiver: 'r',
        group_wait: '1m',
        routes: [{ receiver: 'ops', object_matchers: [['team', '=', 'ops']], group_wait: '0s' }],
      }).groupWaitMs,
    ).toBe(0);
  });
});
