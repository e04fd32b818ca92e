import { describe, expect, it } from 'vitest';
import type { AlertInstance } from '../../../src/features/alert-state/alert-instance.js';
import { alertFingerprint } from '../../../src/features/alert-state/fingerprint.js';
import { needsSending, toOutgoingAlert } from '../../../src/features/alert-state/outgoing-alerts.js';
import { resetInstances } from '../../../src/features/alert-state/state-machine.js';
import { ENDS, MIN, T0, contextOf, result, ruleWith, run, single } from './rule-fixture.js';

const SEC = 1000;
const alerting = [result('Alerting')];
const normal = [result('Normal')];

function instance(overrides: Partial<AlertInstance>): AlertInstance {
  return { ...single(ruleWith(), [[T0, alerting]]), ...overrides };
}

describe('needsSending (§2.7)', () => {
  it('Pending: never', () => {
    expect(needsSending(instance({ state: 'Pending', lastSentAt: null }), T0)).toBe(false);
  });

  it('firing: when never sent, then once lastSentAt + 30 s ≤ lastEvalAt', () => {
    expect(needsSending(instance({ lastSentAt: null, lastEvalAt: T0 }), T0)).toBe(true);
    expect(needsSending(instance({ lastSentAt: T0, lastEvalAt: T0 + 20 * SEC }), T0 + 20 * SEC)).toBe(false);
    expect(needsSending(instance({ lastSentAt: T0, lastEvalAt: T0 + 30 * SEC }), T0 + 30 * SEC)).toBe(true);
    expect(needsSending(instance({ state: 'NoData', lastSentAt: T0, lastEvalAt: T0 + MIN }), T0 + MIN)).toBe(
      true,
    );
  });

  it('just resolved: always, even if sent a moment ago', () => {
    const resolved = instance({
      state: 'Normal',
      resolvedAt: T0 + 10 * SEC,
      lastSentAt: T0 + 5 * SEC,
      lastEvalAt: T0 + 10 * SEC,
    });
    expect(needsSending(resolved, T0 + 10 * SEC)).toBe(true);
  });

  it('Normal: never without a resolve; resent within 15 min of resolvedAt only', () => {
    expect(needsSending(instance({ state: 'Normal', resolvedAt: null, lastSentAt: null }), T0)).toBe(false);
    const sent = { state: 'Normal' as const, resolvedAt: T0, lastSentAt: T0 };
    expect(needsSending(instance({ ...sent, lastEvalAt: T0 + 14 * MIN }), T0 + 14 * MIN)).toBe(true);
    expect(needsSending(instance({ ...sent, lastEvalAt: T0 + 15 * MIN }), T0 + 15 * MIN)).toBe(true);
    expect(needsSending(instance({ ...sent, lastEvalAt: T0 + 16 * MIN }), T0 + 16 * MIN)).toBe(false);
  });
});

describe('toOutgoingAlert', () => {
  const rule = ruleWith({ annotations: { summary: 'CPU {{ $values.B }}' } });
  const ctx = contextOf(rule);

  it('a firing instance: namespace label dropped, annotations, generator URL, FNV-1a fingerprint', () => {
    const i = single(rule, [[T0, alerting]]);
    const alert = toOutgoingAlert(ctx, i);
    const labels = {
      alertname: 'High CPU',
      grafana_folder: 'Infra',
      __alert_rule_uid__: 'rule-1',
      host: 'a',
    };
    expect(alert).toEqual({
      labels,
      annotations: {
        summary: 'CPU 90',
        __orgId__: '1',
        __value_string__: "[ var='B' labels={host=a} value=90 ]",
        __values__: '{"B":90}',
      },
      startsAt: T0,
      endsAt: T0 + ENDS,
      generatorURL: 'https://svc.example/alerting/grafana/rule-1/view',
      fingerprint: alertFingerprint(labels),
    });
    expect(i.labels.__alert_rule_namespace_uid__).toBe('folder-1');
  });

  it('__values__ as Go encodes it (sorted keys, Go floats); left out when a value is NaN or ±Inf', () => {
    const i = instance({
      reason: 'NoData',
      values: { C: { labels: {}, value: -1 }, A: { labels: {}, value: 1e21 }, B: { labels: {}, value: 0.5 } },
    });
    expect(toOutgoingAlert(ctx, i).annotations).toMatchObject({
      __values__: '{"A":1e+21,"B":0.5,"C":-1}',
      grafana_state_reason: 'NoData',
    });
    for (const value of [null, NaN, Infinity]) {
      const bad = instance({ values: { A: { labels: {}, value } } });
      expect(toOutgoingAlert(ctx, bad).annotations).not.toHaveProperty('__values__');
    }
  });

  it('NoData and Error states are sent as DatasourceNoData / DatasourceError with rulename', () => {
    const noDataRule = ruleWith({ noDataState: 'NoData' });
    const noData = single(noDataRule, [[T0, [result('NoData', { labels: {} })]]]);
    const sent = toOutgoingAlert(contextOf(noDataRule), noData);
    expect(sent.labels).toEqual({
      alertname: 'DatasourceNoData',
      rulename: 'High CPU',
      grafana_folder: 'Infra',
      __alert_rule_uid__: 'rule-1',
    });
    expect(sent.fingerprint).toBe(alertFingerprint(sent.labels));

    const error = single(ruleWith(), [
      [T0, [result('Error', { labels: {}, error: 'x', refId: 'A', datasourceUid: 'ds' })]],
    ]);
    expect(toOutgoingAlert(ctx, error).labels).toMatchObject({
      alertname: 'DatasourceError',
      rulename: 'High CPU',
      ref_id: 'A',
      datasource_uid: 'ds',
    });
  });

  it('the resolve of a NoData instance carries the DatasourceNoData name, EndsAt = resolve time', () => {
    const rule = ruleWith();
    const noData = [result('NoData', { labels: { host: 'a' } })];
    const resolved = single(rule, [
      [T0, noData],
      [T0 + MIN, normal],
    ]);
    const sent = toOutgoingAlert(contextOf(rule), resolved);
    expect(sent.labels.alertname).toBe('DatasourceNoData');
    expect(sent).toMatchObject({ startsAt: T0 + MIN, endsAt: T0 + MIN });
  });

  it('Alerting (NoData) keeps the rule alertname', () => {
    const rule = ruleWith({ noDataState: 'Alerting' });
    const i = single(rule, [
      [T0, normal],
      [T0 + MIN, [result('NoData', { labels: {} })]],
    ]);
    expect(toOutgoingAlert(contextOf(rule), i).labels.alertname).toBe('High CPU');
  });
});

describe('resetInstances (§2.1)', () => {
  it.each(['Paused', 'Updated', 'RuleDeleted'] as const)(
    '%s: every instance to Normal with the reason, firing ones resolved now',
    (reason) => {
      const rule = ruleWith({ forSeconds: 300 });
      const { instances } = run(rule, [
        [T0, [result('Alerting'), result('Normal', { labels: { host: 'b' } })]],
      ]);
      const firing: AlertInstance = { ...instances[0]!, state: 'Alerting', lastSentAt: T0 };
      const now = T0 + 5 * SEC;
      const { resolved, transitions } = resetInstances(
        contextOf(rule),
        [firing, instances[1]!, { ...instances[0]!, fingerprint: 'p' }],
        reason,
        now,
      );
      // StartsAt: kept by the one already Normal, now for the others; values emptied
      expect(resolved.map((i) => [i.state, i.reason, i.startsAt, i.endsAt, i.resolvedAt])).toEqual([
        ['Normal', reason, now, now, now],
        ['Normal', reason, T0, now, null],
        ['Normal', reason, now, now, null],
      ]);
      expect(resolved.map((i) => i.values)).toEqual([{}, {}, {}]);
      expect(resolved[0]!.resolvedFrom).toBe('Alerting');
      expect(transitions.map((t) => [t.from, t.to, t.at])).toEqual([
        ['Alerting', `Normal (${reason})`, now],
        ['Normal', `Normal (${reason})`, now],
        ['Pending', `Normal (${reason})`, now],
      ]);
      expect(resolved.map((i) => needsSending(i, now))).toEqual([true, false, false]);
      expect(toOutgoingAlert(contextOf(rule), resolved[0]!)).toMatchObject({
        endsAt: now,
        annotations: { grafana_state_reason: reason },
      });
    },
  );
});
