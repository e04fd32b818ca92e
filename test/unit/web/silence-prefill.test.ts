import { describe, expect, it } from 'vitest';
import type { GettableAlert } from '../../../web/src/api/silences.js';
import { indexAlerts, sentLabels } from '../../../web/src/pages/alerting/alertIndex.js';
import { matchesLabels, newSilenceUrl, parseMatcher } from '../../../web/src/pages/alerting/labelMatchers.js';

// "Silence" on a rule's instance: the silence must match the alert the Alertmanager got, which for
// a NoData or Error instance is relabelled (alertname DatasourceNoData/DatasourceError, the rule's
// title in rulename), not the instance's labels as the rule API reports them.

const ruleLabels = { alertname: 'Room temperature', grafana_folder: 'Lab', team: 'ops' };

const prefilled = (url: string) =>
  Object.fromEntries(
    new URL(url, 'http://x').searchParams.getAll('matcher').map((text) => {
      const matcher = parseMatcher(text)!;
      return [matcher.name, matcher.value];
    }),
  );

describe('the labels an instance was sent with', () => {
  it('renames a NoData instance DatasourceNoData and keeps the title in rulename', () => {
    expect(sentLabels({ labels: ruleLabels, state: 'NoData' })).toEqual({
      alertname: 'DatasourceNoData',
      rulename: 'Room temperature',
      grafana_folder: 'Lab',
      team: 'ops',
    });
    expect(prefilled(newSilenceUrl(sentLabels({ labels: ruleLabels, state: 'NoData' })))).toEqual({
      alertname: 'DatasourceNoData',
      rulename: 'Room temperature',
      grafana_folder: 'Lab',
      team: 'ops',
    });
  });

  it('renames an Error instance DatasourceError', () => {
    expect(sentLabels({ labels: ruleLabels, state: 'Error' })).toEqual({
      ...ruleLabels,
      alertname: 'DatasourceError',
      rulename: 'Room temperature',
    });
  });

  it('keeps the labels of a firing, pending or normal instance, also one firing because of NoData', () => {
    for (const state of ['Alerting', 'Alerting (NoData)', 'Alerting (Error)', 'Pending', 'Normal']) {
      expect(sentLabels({ labels: ruleLabels, state })).toEqual(ruleLabels);
    }
  });

  it('finds the NoData alert in the Alertmanager under its sent labels, and the prefilled silence matches it', () => {
    const sent = {
      labels: {
        alertname: 'DatasourceNoData',
        rulename: 'Room temperature',
        grafana_folder: 'Lab',
        team: 'ops',
        __alert_rule_uid__: 'r1',
      },
      receivers: [{ name: 'ops-hook' }],
      status: { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] },
    } as unknown as GettableAlert;
    const index = indexAlerts([sent]);
    const labels = sentLabels({ labels: ruleLabels, state: 'NoData' });
    expect(index.find(labels)?.status.silencedBy).toEqual(['s1']);
    expect(index.find(ruleLabels)).toBeUndefined();
    const matchers = new URL(newSilenceUrl(labels), 'http://x').searchParams
      .getAll('matcher')
      .map((text) => parseMatcher(text)!);
    expect(matchesLabels(sent.labels, matchers)).toBe(true);
  });
});
