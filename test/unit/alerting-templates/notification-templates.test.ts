import { describe, expect, it } from 'vitest';
import {
  buildTestNotificationData,
  createNotificationTemplates,
  marshalJSON,
  templateGroupText,
} from '../../../src/features/alerting/templates/index.js';
import { TemplateError } from '../../../src/lib/gotemplate/index.js';

const data = buildTestNotificationData({
  integrationType: 'webhook',
  externalUrl: 'http://localhost:3000/',
  now: new Date('2024-05-01T10:00:00Z'),
});

describe('createNotificationTemplates', () => {
  it('offers the default templates', () => {
    const names = createNotificationTemplates().names();
    for (const name of [
      '__subject',
      '__text_values_list',
      '__text_alert_list',
      'default.title',
      'default.message',
      'teams.default.message',
      'slack.default.title',
      'slack.default.footer',
      'jira.default.summary',
      'jira.default.description',
      'jira.default.priority',
      'webhook.default.payload',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('renders a field with missing keys as empty strings', () => {
    const set = createNotificationTemplates();
    expect(set.executeText('[{{ .CommonLabels.nope }}][{{ .Receiver }}]', data)).toEqual({
      output: '[][webhook]',
    });
  });

  it('rejects a group that does not parse, naming it', () => {
    const create = () =>
      createNotificationTemplates([{ name: 'broken', template: '{{ define "x" }}{{ if }}{{ end }}' }]);
    expect(create).toThrow(TemplateError);
    expect(create).toThrow('template: broken:1: missing value for if');
  });

  it('validates fields against the defaults and the user templates', () => {
    const set = createNotificationTemplates([
      { name: 'mine', template: '{{ define "mine.title" }}x{{ end }}' },
    ]);
    expect(set.check('{{ template "default.title" . }} {{ template "mine.title" . }}')).toBeUndefined();
    expect(set.check('{{ template "mine.titel" . }}')?.message).toBe(
      'template: :1:12: executing "" at <{{template "mine.titel" .}}>: template "mine.titel" not defined',
    );
    expect(set.check('{{ .Status | upper }}')?.message).toBe('template: :1: function "upper" not defined');
  });

  it('renders the default webhook payload as JSON', () => {
    const payload = JSON.parse(
      createNotificationTemplates().execute('webhook.default.payload', data).output,
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      receiver: 'webhook',
      status: 'firing',
      state: 'alerting',
      title: '[FIRING:1] TestAlert Grafana ',
      version: '1',
      truncatedAlerts: 0,
      groupLabels: { alertname: 'TestAlert', instance: 'Grafana' },
      externalURL: 'http://localhost:3000/',
    });
    expect(payload.message).toBe(createNotificationTemplates().execute('default.message', data).output);
    expect((payload.alerts as unknown[]).length).toBe(1);
  });

  it('marshals the data the way the payload embeds it', () => {
    const alert = (JSON.parse(marshalJSON(data)) as { alerts: Array<Record<string, unknown>> }).alerts[0];
    expect(Object.keys(alert!)).toEqual([
      'status',
      'labels',
      'annotations',
      'startsAt',
      'endsAt',
      'generatorURL',
      'fingerprint',
      'silenceURL',
      'dashboardURL',
      'panelURL',
      'values',
      'valueString',
    ]);
  });
});

describe('templateGroupText', () => {
  it('keeps groups that define templates', () => {
    const template = '  {{ define "a" }}A{{ end }}\n';
    expect(templateGroupText({ name: 'g', template })).toBe('{{ define "a" }}A{{ end }}');
  });

  it('wraps a group without define as the template of its name', () => {
    expect(templateGroupText({ name: 'summary', template: 'line 1\nline 2\n' })).toBe(
      '{{ define "summary" }}\n  line 1\n  line 2\n{{ end }}',
    );
  });
});
