import { describe, expect, it } from 'vitest';
import {
  buildNotificationData,
  buildTestNotificationData,
  KV,
  type AlertInput,
  labelsFingerprint,
  marshalJSON,
  newTestAlert,
} from '../../../src/features/alerting/templates/index.js';
import { itRendersNotifications, type NotificationCase } from './notification-cases.js';

const now = new Date('2024-05-01T10:00:00Z');
const externalUrl = 'https://svc.example.com/sub/';

describe('KV', () => {
  const labels = KV.of({ zone: 'z', alertname: 'A', app: 'x', Beta: 'b' });

  it('sorts pairs by key with alertname first', () => {
    expect(labels.SortedPairs().map((p) => `${p.Name}=${p.Value}`)).toEqual([
      'alertname=A',
      'Beta=b',
      'app=x',
      'zone=z',
    ]);
    expect(labels.Names()).toEqual(['alertname', 'Beta', 'app', 'zone']);
    expect(labels.Values()).toEqual(['A', 'b', 'x', 'z']);
    expect(labels.String()).toBe('alertname=A, Beta=b, app=x, zone=z');
  });

  it('removes keys without changing the original', () => {
    expect(labels.Remove(['app', 'missing']).String()).toBe('alertname=A, Beta=b, zone=z');
    expect(labels.size).toBe(4);
  });

  it('keeps labels named like its methods apart from them', () => {
    const tricky = KV.of({ Names: 'n', entries: 'e', alertname: 'A' });
    expect(tricky.Names()).toEqual(['alertname', 'Names', 'entries']);
    expect(tricky.get('entries')).toBe('e');
  });

  it('marshals with sorted keys', () => {
    expect(JSON.stringify(KV.of({ b: '1', a: '2' }))).toBe('{"a":"2","b":"1"}');
  });
});

export const kvCases: NotificationCase[] = [
  {
    name: 'printing a KV uses its String method',
    field: '{{ .L }}',
    data: { L: KV.of({ b: '2', alertname: 'x', a: '1' }) },
    want: 'alertname=x, a=1, b=2',
  },
  {
    name: 'SortedPairs',
    field: '{{ range .L.SortedPairs }}{{ .Name }}:{{ .Value }};{{ end }}',
    data: { L: KV.of({ b: '2', alertname: 'x' }) },
    want: 'alertname:x;b:2;',
  },
  {
    name: 'printing pairs',
    field: '{{ .L.SortedPairs }} {{ index .L.SortedPairs 0 }}',
    data: { L: KV.of({ b: '2', a: '1' }) },
    want: 'a=1, b=2 {a 1}',
  },
  {
    name: 'Names and Values',
    field: '{{ .L.Names }} {{ .L.Values }} {{ .L.SortedPairs.Values }}',
    data: { L: KV.of({ b: '2', a: '1' }) },
    want: '[a b] [1 2] [1 2]',
  },
  {
    name: 'Remove',
    field: '{{ .L.Remove (stringSlice "a") }}',
    data: { L: KV.of({ b: '2', a: '1' }) },
    want: 'b=2',
  },
  {
    name: 'Remove with names of another KV',
    field: '{{ (.L.Remove .G.Names).Values | join "," }}',
    data: { L: KV.of({ b: '2', a: '1', c: '3' }), G: KV.of({ a: '' }) },
    want: '2,3',
  },
  {
    name: 'ranging over a KV is in key order',
    field: '{{ range $k, $v := .L }}{{ $k }}={{ $v }} {{ end }}',
    data: { L: KV.of({ z: '1', alertname: 'x', a: '2' }) },
    want: 'a=2 alertname=x z=1 ',
  },
  {
    name: 'missing key is the empty string',
    field: '[{{ .L.nope }}][{{ index .L "nope" }}]',
    data: { L: KV.of({}) },
    want: '[][]',
  },
  { name: 'len of a KV', field: '{{ len .L }}', data: { L: KV.of({ a: '1', b: '2' }) }, want: '2' },
  {
    name: 'Remove needs a []string',
    field: '{{ .L.Remove (coll.Slice "a") }}',
    data: { L: KV.of({ a: '1' }) },
    want: '',
    err: 'template: :1:25: executing "" at <"a">: wrong type for value; expected []string; got []interface {}',
  },
];

describe('KV in templates', () => itRendersNotifications(kvCases));

describe('buildNotificationData', () => {
  const alerts: AlertInput[] = [
    {
      labels: { alertname: 'Disk', instance: 'db-1', __alert_rule_uid__: 'rule-9', grafana_folder: 'infra' },
      annotations: {
        summary: 'disk full',
        __orgId__: '3',
        __dashboardUid__: 'dash-1',
        __panelId__: '12',
        __values__: '{"A": 93.25, "B": 0}',
        __value_string__: "[ var='A' value=93.25 ]",
      },
      startsAt: '2024-05-01T09:00:00Z',
      generatorURL: 'https://svc.example.com/sub/alerting/grafana/rule-9/view?tab=query',
    },
    {
      labels: { alertname: 'Disk', instance: 'db-2', grafana_folder: 'infra' },
      annotations: { summary: 'disk full' },
      startsAt: '2024-05-01T08:00:00Z',
      endsAt: '2024-05-01T09:50:00Z',
    },
  ];
  const data = buildNotificationData(alerts, {
    receiver: 'dba',
    externalUrl,
    groupLabels: { alertname: 'Disk' },
    groupKey: '{}:{alertname="Disk"}',
    appVersion: '1.2.3',
    now,
  });
  const [first, second] = data.Alerts;

  it('derives statuses from the end times', () => {
    expect(data.Status).toBe('firing');
    expect(first!.Status).toBe('firing');
    expect(second!.Status).toBe('resolved');
    expect(data.Alerts.Firing()).toEqual([first]);
    expect(data.Alerts.Resolved()).toEqual([second]);
    expect(first!.EndsAt.IsZero()).toBe(true);
    expect(second!.EndsAt.String()).toBe('2024-05-01 09:50:00 +0000 UTC');
  });

  it('is resolved when every alert is', () => {
    expect(buildNotificationData([alerts[1]!], { receiver: 'r', externalUrl, now }).Status).toBe('resolved');
  });

  it('hides private labels and annotations', () => {
    expect([...first!.Labels.keys()]).toEqual(['alertname', 'instance', 'grafana_folder']);
    expect([...first!.Annotations.keys()]).toEqual(['summary']);
  });

  it('keeps common labels and annotations', () => {
    expect(data.CommonLabels.String()).toBe('alertname=Disk, grafana_folder=infra');
    expect(data.CommonAnnotations.String()).toBe('summary=disk full');
    expect(data.GroupLabels.String()).toBe('alertname=Disk');
  });

  it('fingerprints all labels, private ones included', () => {
    // FNV-1a 64 values computed with Go's hash/fnv for the label bytes and 0xff separators.
    expect(labelsFingerprint({ alertname: 'TestAlert', instance: 'Grafana' })).toBe('57c6d9296de2ad39');
    expect(labelsFingerprint({})).toBe('cbf29ce484222325');
    expect(first!.Fingerprint).toBe(labelsFingerprint(alerts[0]!.labels));
  });

  it('links the silence form to the rule when the rule is known', () => {
    expect(first!.SilenceURL).toBe(
      'https://svc.example.com/sub/alerting/silence/new?alertmanager=grafana' +
        '&matcher=__alert_rule_uid__%3Drule-9&matcher=instance%3Ddb-1',
    );
  });

  it('links the silence form to every public label otherwise', () => {
    expect(second!.SilenceURL).toBe(
      'https://svc.example.com/sub/alerting/silence/new?alertmanager=grafana' +
        '&matcher=alertname%3DDisk&matcher=grafana_folder%3Dinfra&matcher=instance%3Ddb-2',
    );
  });

  it('links the dashboard and panel around the alert time', () => {
    const from = Date.parse('2024-05-01T08:00:00Z');
    const to = now.getTime();
    expect(first!.DashboardURL).toBe(`https://svc.example.com/sub/d/dash-1?from=${from}&orgId=3&to=${to}`);
    expect(first!.PanelURL).toBe(
      `https://svc.example.com/sub/d/dash-1?from=${from}&orgId=3&to=${to}&viewPanel=12`,
    );
    expect(second!.DashboardURL).toBe('');
  });

  it('adds the org to the rule link', () => {
    expect(first!.GeneratorURL).toBe(
      'https://svc.example.com/sub/alerting/grafana/rule-9/view?orgId=3&tab=query',
    );
    expect(second!.GeneratorURL).toBe('');
  });

  it('reads values, the value string, the rule and the org', () => {
    expect(Object.fromEntries([...first!.Values].map(([k, v]) => [k, v.value]))).toEqual({ A: 93.25, B: 0 });
    expect(first!.ValueString).toBe("[ var='A' value=93.25 ]");
    expect(first!.RuleUID).toBe('rule-9');
    expect(first!.OrgID).toBe(3);
    expect(second!.Values.toJSON()).toBeNull();
  });

  it('builds no links without an external URL', () => {
    const [alert] = buildNotificationData([alerts[0]!], { receiver: 'r', externalUrl: '', now }).Alerts;
    expect([alert!.SilenceURL, alert!.DashboardURL, alert!.PanelURL]).toEqual(['', '', '']);
  });

  it('marshals as Grafana sends it', () => {
    const json = JSON.parse(marshalJSON(data)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      'receiver',
      'status',
      'alerts',
      'groupLabels',
      'commonLabels',
      'commonAnnotations',
      'externalURL',
      'appVersion',
      'groupKey',
    ]);
    const [a, b] = json.alerts as Array<Record<string, unknown>>;
    expect(a).toMatchObject({
      status: 'firing',
      endsAt: '0001-01-01T00:00:00Z',
      ruleUID: 'rule-9',
      orgId: 3,
      values: { A: 93.25, B: 0 },
    });
    expect(b).toMatchObject({ status: 'resolved', endsAt: '2024-05-01T09:50:00Z', values: null });
    expect(b).not.toHaveProperty('ruleUID');
  });
});

describe('test notifications', () => {
  it('uses the default test alert', () => {
    const alert = newTestAlert({}, now);
    expect(alert.labels).toEqual({ alertname: 'TestAlert', instance: 'Grafana' });
    expect(alert.annotations).toEqual({
      summary: 'Notification test',
      __value_string__: "[ metric='foo' labels={instance=bar} value=10 ]",
    });
  });

  it('merges custom labels and annotations over the defaults', () => {
    const alert = newTestAlert(
      { labels: { instance: 'db', team: 'x' }, annotations: { summary: 'hi' } },
      now,
    );
    expect(alert.labels).toEqual({ alertname: 'TestAlert', instance: 'db', team: 'x' });
    expect(alert.annotations.summary).toBe('hi');
  });

  it('names the receiver and group key after the integration type', () => {
    const data = buildTestNotificationData({
      integrationType: 'slack',
      externalUrl: 'http://localhost:3000/',
      now,
    });
    expect(data.Receiver).toBe('slack');
    expect(data.GroupKey).toBe('slack-57c6d9296de2ad39-1714557600');
    expect(data.GroupLabels.String()).toBe('alertname=TestAlert, instance=Grafana');
    expect(data.Alerts[0]!.StartsAt.String()).toBe('2024-05-01 10:00:00 +0000 UTC');
  });
});
