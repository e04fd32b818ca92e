import { describe, expect, it } from 'vitest';
import { labelsFingerprint } from '../../../src/features/alert-state/fingerprint.js';
import { isStateChange } from '../../../src/features/alert-state/state-machine.js';
import { ENDS, MIN, T0, result, ruleWith, run, single } from './rule-fixture.js';

const alerting = [result('Alerting')];
const normal = [result('Normal')];
/** A whole-rule NoData: no series, so no labels (the usual shape). */
const noData = [result('NoData', { labels: {}, refId: 'A', datasourceUid: 'prom-1' })];
const queryError = [
  result('Error', { labels: {}, error: 'query A failed', refId: 'A', datasourceUid: 'prom-1' }),
];

const baseLabels = {
  alertname: 'High CPU',
  grafana_folder: 'Infra',
  __alert_rule_uid__: 'rule-1',
  __alert_rule_namespace_uid__: 'folder-1',
};

describe('NoData results (§2.2)', () => {
  it('option NoData: an instance of its own in state NoData, StartsAt kept while it lasts', () => {
    const rule = ruleWith({ noDataState: 'NoData' });
    const first = run(rule, [[T0, noData]]);
    expect(first.only).toMatchObject({
      state: 'NoData',
      reason: '',
      startsAt: T0,
      endsAt: T0 + ENDS,
      labels: baseLabels,
    });
    const second = single(rule, [
      [T0, noData],
      [T0 + MIN, noData],
    ]);
    expect(second).toMatchObject({ state: 'NoData', startsAt: T0, endsAt: T0 + MIN + ENDS });
  });

  it('option NoData: entered at once even with for > 0 (pre-#117024 behaviour)', () => {
    const i = single(ruleWith({ noDataState: 'NoData', forSeconds: 300 }), [[T0, noData]]);
    expect(i.state).toBe('NoData');
  });

  it('option NoData: the series instances go missing and later stale', () => {
    const rule = ruleWith({ noDataState: 'NoData' });
    const { instances, outcome } = run(rule, [
      [T0, alerting],
      [T0 + MIN, noData],
    ]);
    expect(instances.map((i) => i.state).sort()).toEqual(['Alerting', 'NoData']);
    expect(outcome.removed).toEqual([]);
  });

  it('option Alerting: every existing instance goes Alerting (NoData), values kept with -1', () => {
    const rule = ruleWith({ noDataState: 'Alerting' });
    const { only, outcome } = run(rule, [
      [T0, normal],
      [T0 + MIN, noData],
    ]);
    expect(only).toMatchObject({
      state: 'Alerting',
      reason: 'NoData',
      startsAt: T0 + MIN,
      labels: { ...baseLabels, host: 'a' },
      values: { B: { labels: { host: 'a' }, value: -1 } },
    });
    expect(only!.annotations).toMatchObject({ ref_id: 'A', datasource_uid: 'prom-1' });
    expect(outcome.transitions[0]).toMatchObject({ from: 'Normal', to: 'Alerting (NoData)' });
  });

  it('option Alerting with for > 0: Pending (NoData), then Alerting (NoData) once for has passed', () => {
    const rule = ruleWith({ noDataState: 'Alerting', forSeconds: 60 });
    expect(
      single(rule, [
        [T0, normal],
        [T0 + MIN, noData],
      ]),
    ).toMatchObject({ state: 'Pending', reason: 'NoData', startsAt: T0 + MIN });
    expect(
      single(rule, [
        [T0, normal],
        [T0 + MIN, noData],
        [T0 + 2 * MIN, noData],
      ]),
    ).toMatchObject({
      state: 'Alerting',
      reason: 'NoData',
      startsAt: T0 + 2 * MIN,
    });
  });

  it('option OK: Normal (NoData); a firing instance is resolved', () => {
    const i = single(ruleWith({ noDataState: 'OK' }), [
      [T0, alerting],
      [T0 + MIN, noData],
    ]);
    expect(i).toMatchObject({ state: 'Normal', reason: 'NoData', startsAt: T0 + MIN, resolvedAt: T0 + MIN });
  });

  it('option KeepLast: Alerting stays (StartsAt kept), Normal stays, Pending keeps counting', () => {
    const rule = ruleWith({ noDataState: 'KeepLast' });
    expect(
      single(rule, [
        [T0, alerting],
        [T0 + MIN, noData],
      ]),
    ).toMatchObject({
      state: 'Alerting',
      reason: 'NoData, KeepLast',
      startsAt: T0,
      endsAt: T0 + MIN + ENDS,
    });
    expect(
      single(rule, [
        [T0, normal],
        [T0 + MIN, noData],
      ]),
    ).toMatchObject({
      state: 'Normal',
      reason: 'NoData, KeepLast',
      startsAt: T0,
      resolvedAt: null,
    });
    const pending = ruleWith({ noDataState: 'KeepLast', forSeconds: 120 });
    expect(
      single(pending, [
        [T0, alerting],
        [T0 + MIN, noData],
      ]),
    ).toMatchObject({
      state: 'Pending',
      reason: 'NoData, KeepLast',
      startsAt: T0,
    });
    expect(
      single(pending, [
        [T0, alerting],
        [T0 + MIN, noData],
        [T0 + 2 * MIN, noData],
      ]),
    ).toMatchObject({
      state: 'Alerting',
      reason: 'NoData, KeepLast',
      startsAt: T0 + 2 * MIN,
    });
  });

  it('rule-wide: applies to every existing instance; creates one only when none exists', () => {
    const rule = ruleWith({ noDataState: 'Alerting' });
    const two = [result('Normal'), result('Normal', { labels: { host: 'b' } })];
    const { instances } = run(rule, [
      [T0, two],
      [T0 + MIN, noData],
    ]);
    expect(instances.map((i) => [i.labels.host, i.state, i.reason])).toEqual([
      ['a', 'Alerting', 'NoData'],
      ['b', 'Alerting', 'NoData'],
    ]);
    const fresh = run(rule, [[T0, noData]]);
    expect(fresh.instances).toHaveLength(1);
    expect(fresh.only).toMatchObject({ state: 'Alerting', reason: 'NoData', labels: baseLabels, values: {} });
  });

  it('rule-wide: the ref ids and data sources of all results are joined', () => {
    const rule = ruleWith({ noDataState: 'OK' });
    const results = [...noData, result('NoData', { labels: {}, refId: 'B', datasourceUid: 'loki-1' })];
    const i = single(rule, [
      [T0, normal],
      [T0 + MIN, results],
    ]);
    expect(i.annotations).toMatchObject({ ref_id: 'A,B', datasource_uid: 'prom-1,loki-1' });
  });
});

describe('Error results (§2.2)', () => {
  it('option Error: state Error, ref_id and datasource_uid as labels, annotations.Error', () => {
    const { only, outcome } = run(ruleWith({ execErrState: 'Error' }), [[T0, queryError]]);
    expect(only).toMatchObject({
      state: 'Error',
      reason: '',
      startsAt: T0,
      endsAt: T0 + ENDS,
      error: 'query A failed',
      labels: { ...baseLabels, ref_id: 'A', datasource_uid: 'prom-1' },
      annotations: { Error: 'query A failed' },
    });
    // the query facts do not enter the fingerprint: the next Error hits the same instance
    expect(only!.fingerprint).toBe(labelsFingerprint(baseLabels));
    expect(outcome.transitions[0]).toMatchObject({ from: 'Normal', to: 'Error', error: 'query A failed' });
    const again = single(ruleWith(), [
      [T0, queryError],
      [T0 + MIN, queryError],
    ]);
    expect(again).toMatchObject({ state: 'Error', startsAt: T0, endsAt: T0 + MIN + ENDS });
  });

  it('option Alerting: Alerting (Error), facts and error as annotations', () => {
    const i = single(ruleWith({ execErrState: 'Alerting' }), [
      [T0, normal],
      [T0 + MIN, queryError],
    ]);
    expect(i).toMatchObject({
      state: 'Alerting',
      reason: 'Error',
      error: 'query A failed',
      annotations: { Error: 'query A failed', ref_id: 'A', datasource_uid: 'prom-1' },
      values: { B: { value: -1 } },
    });
    expect(i.labels).not.toHaveProperty('ref_id');
  });

  it('option Alerting with for > 0: Pending (Error)', () => {
    const i = single(ruleWith({ execErrState: 'Alerting', forSeconds: 120 }), [
      [T0, normal],
      [T0 + MIN, queryError],
    ]);
    expect(i).toMatchObject({ state: 'Pending', reason: 'Error', startsAt: T0 + MIN });
  });

  it('option OK: Normal (Error), the error in annotations', () => {
    const i = single(ruleWith({ execErrState: 'OK' }), [
      [T0, alerting],
      [T0 + MIN, queryError],
    ]);
    expect(i).toMatchObject({ state: 'Normal', reason: 'Error', resolvedAt: T0 + MIN });
    // the error still shows as annotations, but the Normal instance carries no error
    expect(i.annotations).toMatchObject({ Error: 'query A failed', ref_id: 'A', datasource_uid: 'prom-1' });
    expect(i.error).toBeUndefined();
  });

  it('option KeepLast: Alerting stays Alerting (Error, KeepLast)', () => {
    const i = single(ruleWith({ execErrState: 'KeepLast' }), [
      [T0, alerting],
      [T0 + MIN, queryError],
    ]);
    expect(i).toMatchObject({
      state: 'Alerting',
      reason: 'Error, KeepLast',
      startsAt: T0,
      annotations: { Error: 'query A failed' },
    });
    expect(i.error).toBeUndefined();
  });
});

describe('missing series (§2.3)', () => {
  const gone = [result('Normal', { labels: { host: 'b' } })];

  it('kept for one missing evaluation (EndsAt renewed), removed as Normal (MissingSeries) at the second', () => {
    const rule = ruleWith();
    const kept = run(rule, [
      [T0, alerting],
      [T0 + MIN, gone],
    ]);
    const a = kept.instances.find((i) => i.labels.host === 'a')!;
    expect(a).toMatchObject({ state: 'Alerting', startsAt: T0, lastEvalAt: T0, endsAt: T0 + MIN + ENDS });
    expect(kept.outcome.removed).toEqual([]);

    const stale = run(rule, [
      [T0, alerting],
      [T0 + MIN, gone],
      [T0 + 2 * MIN, gone],
    ]);
    expect(stale.instances.map((i) => i.labels.host)).toEqual(['b']);
    expect(stale.outcome.removed).toHaveLength(1);
    expect(stale.outcome.removed[0]).toMatchObject({
      state: 'Normal',
      reason: 'MissingSeries',
      // StartsAt kept: only the end moves
      startsAt: T0,
      endsAt: T0 + 2 * MIN,
      lastEvalAt: T0 + 2 * MIN,
      resolvedAt: T0 + 2 * MIN,
      resolvedFrom: 'Alerting',
    });
    expect(stale.outcome.transitions.map((t) => [t.labels.host, t.from, t.to])).toEqual([
      ['b', 'Normal', 'Normal'],
      ['a', 'Alerting', 'Normal (MissingSeries)'],
    ]);
    expect(stale.outcome.transitions.map(isStateChange)).toEqual([false, true]);
  });

  it('a Normal series that goes stale is not a change for the history', () => {
    const { outcome } = run(ruleWith(), [
      [T0, normal],
      [T0 + MIN, gone],
      [T0 + 2 * MIN, gone],
    ]);
    const stale = outcome.transitions.find((t) => t.to === 'Normal (MissingSeries)')!;
    expect(stale.from).toBe('Normal');
    expect(isStateChange(stale)).toBe(false);
  });

  it('missingSeriesEvalsToResolve = 1: removed at the first missing evaluation', () => {
    const { outcome } = run(ruleWith({ missingSeriesEvalsToResolve: 1 }), [
      [T0, normal],
      [T0 + MIN, gone],
    ]);
    expect(outcome.removed).toHaveLength(1);
    // a Normal series that goes away has nothing to resolve
    expect(outcome.removed[0]).toMatchObject({ reason: 'MissingSeries', resolvedAt: null });
  });

  it('NoData and Error instances go stale after one interval', () => {
    const { outcome } = run(ruleWith(), [
      [T0, noData],
      [T0 + MIN, alerting],
    ]);
    expect(outcome.removed).toHaveLength(1);
    expect(outcome.removed[0]).toMatchObject({
      reason: 'MissingSeries',
      resolvedAt: T0 + MIN,
      resolvedFrom: 'NoData',
    });
  });

  it('no results at all: every instance goes missing', () => {
    const { instances, outcome } = run(ruleWith(), [
      [T0, alerting],
      [T0 + MIN, []],
      [T0 + 2 * MIN, []],
    ]);
    expect(instances).toEqual([]);
    expect(outcome.removed).toHaveLength(1);
  });
});
