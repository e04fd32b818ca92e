import { describe, expect, it } from 'vitest';
import { isStateChange } from '../../../src/features/alert-state/state-machine.js';
import { ENDS, MIN, T0, result, ruleWith, run, single } from './rule-fixture.js';

const alerting = [result('Alerting')];
const normal = [result('Normal')];
// NoData/Error results carrying the series' labels keep the same instance (state table rows).
const noData = [result('NoData', { labels: { host: 'a' } })];
const error = [result('Error', { labels: { host: 'a' }, error: 'boom', refId: 'A', datasourceUid: 'ds-1' })];

describe('state table (§2.2), interval 60 s', () => {
  it('Normal + Normal: stays Normal, StartsAt from the first evaluation', () => {
    const i = single(ruleWith(), [
      [T0, normal],
      [T0 + MIN, normal],
    ]);
    expect(i).toMatchObject({
      state: 'Normal',
      reason: '',
      startsAt: T0,
      endsAt: T0,
      lastEvalAt: T0 + MIN,
      resolvedAt: null,
    });
  });

  it('Normal + Alerting with for > 0: Pending, StartsAt = eval time', () => {
    const i = single(ruleWith({ forSeconds: 120 }), [
      [T0, normal],
      [T0 + MIN, alerting],
    ]);
    expect(i).toMatchObject({ state: 'Pending', startsAt: T0 + MIN, endsAt: T0 + MIN + ENDS });
  });

  it('NoData and Error states + Alerting with for > 0: Pending', () => {
    for (const bad of [noData, error]) {
      const i = single(ruleWith({ forSeconds: 120 }), [
        [T0, bad],
        [T0 + MIN, alerting],
      ]);
      expect(i).toMatchObject({ state: 'Pending', startsAt: T0 + MIN, reason: '' });
    }
  });

  it('Normal + Alerting with for == 0: Alerting, EndsAt = eval + 4 × interval', () => {
    const { only, outcome } = run(ruleWith(), [
      [T0, normal],
      [T0 + MIN, alerting],
    ]);
    expect(only).toMatchObject({
      state: 'Alerting',
      startsAt: T0 + MIN,
      endsAt: T0 + MIN + ENDS,
      resolvedAt: null,
    });
    expect(outcome.transitions.map((t) => [t.from, t.to])).toEqual([['Normal', 'Alerting']]);
  });

  it('EndsAt uses at least 30 s per interval: 10 s rule → eval + 120 s', () => {
    const i = single(ruleWith({ intervalSeconds: 10 }), [[T0, alerting]]);
    expect(i.endsAt).toBe(T0 + 120_000);
  });

  it('a new series that alerts at once starts from Normal', () => {
    const { outcome } = run(ruleWith(), [[T0, alerting]]);
    expect(outcome.transitions[0]).toMatchObject({ from: 'Normal', to: 'Alerting', at: T0 });
  });

  it('Pending + Alerting: stays Pending until for has passed, then Alerting with StartsAt = that eval', () => {
    const rule = ruleWith({ forSeconds: 120 });
    const pending = single(rule, [
      [T0, alerting],
      [T0 + MIN, alerting],
    ]);
    // untouched while pending: EndsAt still from the first evaluation
    expect(pending).toMatchObject({
      state: 'Pending',
      startsAt: T0,
      endsAt: T0 + ENDS,
      lastEvalAt: T0 + MIN,
    });
    const firing = single(rule, [
      [T0, alerting],
      [T0 + MIN, alerting],
      [T0 + 2 * MIN, alerting],
    ]);
    // T0 + 120 s − T0 = 120 s ≥ for
    expect(firing).toMatchObject({ state: 'Alerting', startsAt: T0 + 2 * MIN, endsAt: T0 + 2 * MIN + ENDS });
  });

  it('Alerting + Alerting: stays, StartsAt kept, EndsAt extended', () => {
    const i = single(ruleWith(), [
      [T0, alerting],
      [T0 + MIN, alerting],
    ]);
    expect(i).toMatchObject({ state: 'Alerting', startsAt: T0, endsAt: T0 + MIN + ENDS });
  });

  it('Alerting + Normal with keep_firing_for: Recovering, then Normal once it has passed', () => {
    const rule = ruleWith({ keepFiringForSeconds: 120 });
    const steps: [number, typeof normal][] = [
      [T0, alerting],
      [T0 + MIN, normal],
    ];
    expect(single(rule, steps)).toMatchObject({
      state: 'Recovering',
      startsAt: T0 + MIN,
      endsAt: T0 + MIN + ENDS,
      resolvedAt: null,
    });
    steps.push([T0 + 2 * MIN, normal]);
    // 60 s of 120 s: still Recovering, EndsAt extended
    expect(single(rule, steps)).toMatchObject({
      state: 'Recovering',
      startsAt: T0 + MIN,
      endsAt: T0 + 2 * MIN + ENDS,
    });
    steps.push([T0 + 3 * MIN, normal]);
    expect(single(rule, steps)).toMatchObject({
      state: 'Normal',
      startsAt: T0 + 3 * MIN,
      endsAt: T0 + 3 * MIN,
      resolvedAt: T0 + 3 * MIN,
      resolvedFrom: 'Recovering',
    });
  });

  it('Recovering + Alerting: Alerting directly, even with for > 0', () => {
    const i = single(ruleWith({ keepFiringForSeconds: 300, forSeconds: 600 }), [
      [T0, alerting],
      // for = 600 s: reach Alerting first
      [T0 + 10 * MIN, alerting],
      [T0 + 11 * MIN, normal],
      [T0 + 12 * MIN, alerting],
    ]);
    expect(i).toMatchObject({ state: 'Alerting', startsAt: T0 + 12 * MIN, endsAt: T0 + 12 * MIN + ENDS });
  });

  it('Alerting + Normal without keep_firing_for: Normal, StartsAt = EndsAt = eval, resolved', () => {
    const { only, outcome } = run(ruleWith(), [
      [T0, alerting],
      [T0 + MIN, normal],
    ]);
    expect(only).toMatchObject({
      state: 'Normal',
      startsAt: T0 + MIN,
      endsAt: T0 + MIN,
      resolvedAt: T0 + MIN,
      resolvedFrom: 'Alerting',
    });
    expect(outcome.transitions[0]).toMatchObject({ from: 'Alerting', to: 'Normal' });
  });

  it('Pending + Normal: Normal, not resolved (it never fired)', () => {
    const i = single(ruleWith({ forSeconds: 300 }), [
      [T0, alerting],
      [T0 + MIN, normal],
    ]);
    expect(i).toMatchObject({ state: 'Normal', startsAt: T0 + MIN, endsAt: T0 + MIN, resolvedAt: null });
  });

  it('NoData and Error + Normal: Normal and resolved (#103996)', () => {
    for (const [bad, from] of [
      [noData, 'NoData'],
      [error, 'Error'],
    ] as const) {
      const i = single(ruleWith(), [
        [T0, bad],
        [T0 + MIN, normal],
      ]);
      expect(i).toMatchObject({
        state: 'Normal',
        startsAt: T0 + MIN,
        resolvedAt: T0 + MIN,
        resolvedFrom: from,
      });
      expect(i.labels).not.toHaveProperty('ref_id');
      expect(i.error).toBeUndefined();
    }
  });

  it('ResolvedAt: kept through Normal → Pending → Normal, cleared by Alerting', () => {
    const rule = ruleWith({ forSeconds: 120 });
    const steps: [number, typeof normal][] = [
      [T0, alerting],
      [T0 + MIN, alerting],
      [T0 + 2 * MIN, alerting],
      [T0 + 3 * MIN, normal],
      [T0 + 4 * MIN, alerting],
    ];
    expect(single(rule, steps)).toMatchObject({
      state: 'Pending',
      resolvedAt: T0 + 3 * MIN,
      resolvedFrom: 'Alerting',
    });
    steps.push([T0 + 5 * MIN, normal]);
    expect(single(rule, steps)).toMatchObject({ state: 'Normal', resolvedAt: T0 + 3 * MIN });
    steps.push([T0 + 6 * MIN, alerting], [T0 + 7 * MIN, alerting], [T0 + 8 * MIN, alerting]);
    const firing = single(rule, steps);
    expect(firing).toMatchObject({ state: 'Alerting', resolvedAt: null });
    expect(firing.resolvedFrom).toBeUndefined();
  });

  it('every evaluated instance yields a transition; isStateChange tells the changes apart', () => {
    const { outcome } = run(ruleWith(), [
      [T0, alerting],
      [T0 + MIN, alerting],
    ]);
    expect(outcome.transitions).toHaveLength(1);
    expect(outcome.transitions[0]).toMatchObject({ from: 'Alerting', to: 'Alerting', at: T0 + MIN });
    expect(isStateChange(outcome.transitions[0]!)).toBe(false);
    expect(isStateChange({ ...outcome.transitions[0]!, to: 'Normal' })).toBe(true);
    const t = outcome.transitions[0]!;
    expect(isStateChange({ ...t, from: 'Alerting', to: 'Alerting (NoData)' })).toBe(true);
    expect(isStateChange({ ...t, from: 'Normal', to: 'Normal (NoData)' })).toBe(true);
    // Grafana's history skips these two
    expect(isStateChange({ ...t, from: 'Normal', to: 'Normal (MissingSeries)' })).toBe(false);
    expect(isStateChange({ ...t, from: 'Normal (Paused)', to: 'Normal' })).toBe(false);
    expect(isStateChange({ ...t, from: 'Alerting', to: 'Normal (MissingSeries)' })).toBe(true);
  });

  it('two results with the same labels: the first counts', () => {
    const { instances } = run(ruleWith(), [[T0, [result('Alerting'), result('Normal')]]]);
    expect(instances).toHaveLength(1);
    expect(instances[0]!.state).toBe('Alerting');
  });
});
