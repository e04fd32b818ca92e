import { describe } from 'vitest';
import {
  buildNotificationData,
  buildTestNotificationData,
  type AlertInput,
} from '../../../src/features/alerting/templates/index.js';
import { itRendersNotifications, type NotificationCase } from './notification-cases.js';

const now = new Date('2024-05-01T10:00:00Z');
const externalUrl = 'http://localhost:3000/';
const silence = (matchers: string): string =>
  `http://localhost:3000/alerting/silence/new?alertmanager=grafana&${matchers}`;

const testNotification = buildTestNotificationData({ integrationType: 'webhook', externalUrl, now });

const web1: AlertInput = {
  labels: { alertname: 'HighCPU', instance: 'web-1', team: 'ops' },
  annotations: { summary: 'CPU high on web-1', __values__: '{"B":97.5,"A":1}' },
  generatorURL: 'http://localhost:3000/alerting/grafana/rule1/view',
  startsAt: '2024-05-01T09:00:00Z',
};
const web2: AlertInput = {
  labels: { alertname: 'HighCPU', instance: 'web-2', team: 'ops' },
  annotations: { summary: 'CPU high on web-2' },
  startsAt: '2024-05-01T09:30:00Z',
};
const web2Resolved: AlertInput = { ...web2, endsAt: '2024-05-01T09:45:00Z' };

const group = (alerts: AlertInput[]) =>
  buildNotificationData(alerts, { receiver: 'ops', externalUrl, groupLabels: { alertname: 'HighCPU' }, now });
const firing = group([web1, web2]);
const resolved = group([web2Resolved]);
const mixed = group([web1, web2Resolved]);

const web1Text =
  '\nValue: A=1, B=97.5\nLabels:\n - alertname = HighCPU\n - instance = web-1\n - team = ops\n' +
  'Annotations:\n - summary = CPU high on web-1\n' +
  'Source: http://localhost:3000/alerting/grafana/rule1/view\n' +
  `Silence: ${silence('matcher=alertname%3DHighCPU&matcher=instance%3Dweb-1&matcher=team%3Dops')}\n`;
const web2Text =
  '\nValue: [no value]\nLabels:\n - alertname = HighCPU\n - instance = web-2\n - team = ops\n' +
  'Annotations:\n - summary = CPU high on web-2\n' +
  `Silence: ${silence('matcher=alertname%3DHighCPU&matcher=instance%3Dweb-2&matcher=team%3Dops')}\n`;
const testSilence = silence('matcher=alertname%3DTestAlert&matcher=instance%3DGrafana');

export const defaults: NotificationCase[] = [
  {
    name: 'title of the test alert',
    exec: 'default.title',
    data: testNotification,
    want: '[FIRING:1] TestAlert Grafana ',
  },
  {
    name: 'message of the test alert',
    exec: 'default.message',
    data: testNotification,
    want:
      '**Firing**\n\nValue: [no value]\nLabels:\n - alertname = TestAlert\n - instance = Grafana\n' +
      `Annotations:\n - summary = Notification test\nSilence: ${testSilence}\n`,
  },
  { name: 'title of a firing group', exec: 'default.title', data: firing, want: '[FIRING:2] HighCPU (ops)' },
  {
    name: 'message of a firing group',
    exec: 'default.message',
    data: firing,
    want: `**Firing**\n${web1Text}${web2Text}`,
  },
  {
    name: 'title of a resolved group',
    exec: 'default.title',
    data: resolved,
    want: '[RESOLVED] HighCPU (web-2 ops)',
  },
  {
    name: 'message of a resolved group',
    exec: 'default.message',
    data: resolved,
    want: `**Resolved**\n${web2Text}`,
  },
  {
    name: 'title of a mixed group',
    exec: 'default.title',
    data: mixed,
    want: '[FIRING:1, RESOLVED:1] HighCPU (ops)',
  },
  {
    name: 'message of a mixed group',
    exec: 'default.message',
    data: mixed,
    want: `**Firing**\n${web1Text}\n\n**Resolved**\n${web2Text}`,
  },
  {
    name: 'field calling the default title',
    field: '{{ template "default.title" . }}',
    data: firing,
    want: '[FIRING:2] HighCPU (ops)',
  },
  { name: 'subject directly', exec: '__subject', data: resolved, want: '[RESOLVED] HighCPU (web-2 ops)' },
  {
    name: 'values list',
    field: '{{ template "__text_values_list" index .Alerts 0 }}',
    data: firing,
    want: 'A=1, B=97.5',
  },
  {
    name: 'empty values list',
    field: '{{ template "__text_values_list" index .Alerts 1 }}',
    data: firing,
    want: '[no value]',
  },
  {
    name: 'alert list of one alert',
    field: '{{ template "__text_alert_list" .Alerts.Resolved }}',
    data: mixed,
    want: web2Text,
  },
  {
    name: 'Alertmanager slack title uses the current subject',
    exec: 'slack.default.title',
    data: mixed,
    want: '[FIRING:1, RESOLVED:1] HighCPU (ops)',
  },
  { name: 'slack footer', exec: 'slack.default.footer', data: testNotification, want: 'svc' },
  {
    name: 'teams message',
    exec: 'teams.default.message',
    data: testNotification,
    want:
      '**Firing**\n\nValue: [no value]\nLabels:\n - alertname = TestAlert\n - instance = Grafana\n\n' +
      `Annotations:\n - summary = Notification test\n\nSilence: [${testSilence}](${testSilence})\n\n\n`,
  },
  { name: 'jira summary', exec: 'jira.default.summary', data: firing, want: '[FIRING:2] HighCPU (ops)' },
  {
    name: 'jira description',
    exec: 'jira.default.description',
    data: resolved,
    want: `**Resolved**\n${web2Text}`,
  },
  {
    name: 'jira priority from the worst severity',
    exec: 'jira.default.priority',
    data: group([
      { labels: { alertname: 'HighCPU', severity: 'warning' } },
      { labels: { alertname: 'HighCPU', severity: 'critical' } },
      { labels: { alertname: 'HighCPU', severity: 'info' } },
    ]),
    want: 'High',
  },
  {
    name: 'jira priority for warnings',
    exec: 'jira.default.priority',
    data: group([
      { labels: { alertname: 'HighCPU', severity: 'info' } },
      { labels: { alertname: 'HighCPU', severity: 'warning' } },
    ]),
    want: 'Medium',
  },
  { name: 'jira priority without severity', exec: 'jira.default.priority', data: firing, want: '' },
  { name: 'webhook state', exec: 'webhook.default.state', data: resolved, want: 'ok' },
];

export const userTemplates: NotificationCase[] = [
  {
    name: 'a user template overrides a default one',
    groups: [{ name: 'custom', template: '{{ define "default.title" }}CUSTOM {{ .Status }}{{ end }}' }],
    field: '{{ template "default.title" . }}',
    data: firing,
    want: 'CUSTOM firing',
  },
  {
    name: 'an overridden subject changes every template using it',
    groups: [{ name: 'custom', template: '{{ define "__subject" }}S{{ len .Alerts }}{{ end }}' }],
    exec: 'slack.default.title',
    data: firing,
    want: 'S2',
  },
  {
    name: 'a field calls a user template',
    groups: [
      {
        name: 'mine',
        template: '{{ define "my.title" }}{{ len .Alerts }} alerts for {{ .CommonLabels.team }}{{ end }}',
      },
    ],
    field: '{{ template "my.title" . }}!',
    data: firing,
    want: '2 alerts for ops!',
  },
  {
    name: 'a group without define becomes a template of its name',
    groups: [{ name: 'ops.summary', template: 'Summary: {{ .CommonLabels.alertname }}\n' }],
    field: '[{{ template "ops.summary" . }}]',
    data: firing,
    want: '[\n  Summary: HighCPU\n]',
  },
  {
    name: 'user templates use the defaults',
    groups: [{ name: 'mine', template: '{{ define "short" }}{{ template "default.title" . }}!{{ end }}' }],
    field: '{{ template "short" . }}',
    data: resolved,
    want: '[RESOLVED] HighCPU (web-2 ops)!',
  },
  {
    name: 'a field defines its own template',
    field: '{{ define "x" }}<{{ .Status }}>{{ end }}{{ template "x" . }}',
    data: firing,
    want: '<firing>',
  },
  {
    name: 'a field ranging over alerts',
    field: '{{ range .Alerts }}{{ .Labels.instance }}={{ .Status }} {{ end }}',
    data: mixed,
    want: 'web-1=firing web-2=resolved ',
  },
  {
    name: 'group-level variables',
    field:
      '{{ .Receiver }} {{ .Status }} {{ .ExternalURL }} {{ len .Alerts.Firing }}/{{ len .Alerts.Resolved }} {{ .GroupLabels }}',
    data: mixed,
    want: 'ops firing http://localhost:3000/ 1/1 alertname=HighCPU',
  },
  {
    name: 'alert-level variables',
    field:
      '{{ with index .Alerts 1 }}{{ .Status }}|{{ .Labels.alertname }}|{{ .Annotations.summary }}|{{ .Fingerprint }}|{{ .StartsAt }}|{{ .EndsAt }}|{{ .GeneratorURL }}{{ end }}',
    data: mixed,
    want: 'resolved|HighCPU|CPU high on web-2|c74045e30bbf0b49|2024-05-01 09:30:00 +0000 UTC|2024-05-01 09:45:00 +0000 UTC|',
  },
  {
    name: 'a firing alert ends at the zero time',
    field: '{{ (index .Alerts 0).EndsAt }} {{ (index .Alerts 0).EndsAt.IsZero }}',
    data: firing,
    want: '0001-01-01 00:00:00 +0000 UTC true',
  },
  {
    name: 'values and value string',
    field: '{{ range .Alerts }}[{{ .Values.B }} {{ .Values.Z }} {{ .ValueString }}]{{ end }}',
    data: testNotification,
    want: "[0 0 [ metric='foo' labels={instance=bar} value=10 ]]",
  },
  { name: 'missing labels are empty', field: '[{{ .CommonLabels.nope }}]', data: firing, want: '[]' },
  { name: 'status in upper case', field: '{{ .Status | toUpper }}', data: resolved, want: 'RESOLVED' },
  {
    name: 'comparing a value needs a float',
    field: '{{ with index .Alerts 0 }}{{ if gt .Values.B 90.0 }}hot{{ end }}{{ end }}',
    data: firing,
    want: 'hot',
  },
  {
    name: 'comparing a value with an int fails as in Go',
    field: '{{ with index .Alerts 0 }}{{ if gt .Values.B 90 }}hot{{ end }}{{ end }}',
    data: firing,
    want: '',
    err: 'template: :1:32: executing "" at <gt .Values.B 90>: error calling gt: incompatible types for comparison',
  },
];

describe('default templates', () => itRendersNotifications(defaults));
describe('user templates and fields', () => itRendersNotifications(userTemplates));
