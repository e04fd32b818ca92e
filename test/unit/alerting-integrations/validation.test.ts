import { describe, expect, it } from 'vitest';
import {
  extractSecureSettings,
  integrationTypes,
  integrationValidationMessage,
  notifierFor,
  quoteMeta,
  redactedSettings,
  secureFieldsOf,
  secureSettingKeys,
  settingDefaults,
  templatedFields,
  templatedValues,
  validateIntegration,
  validateIntegrationSettings,
  validateIntegrationTemplates,
  validateIntegrationType,
  validateIntegrationUrls,
} from '../../../src/features/alerting/integrations/index.js';
import { createNotificationTemplates } from '../../../src/features/alerting/templates/index.js';

type Case = [settings: Record<string, unknown>, error: string | undefined, secure?: Record<string, string>];

/** Per type: each case fixes the previous failure, so the errors come in Grafana's check order. */
const settingsCases: Record<string, Case[]> = {
  'prometheus-alertmanager': [
    [{}, 'could not find url property in settings'],
    [{ url: ' , ' }, 'could not find url property in settings'],
    [{ url: 'http://127.0.0.1:9093' }, undefined],
  ],
  dingding: [
    [{}, 'could not find url property in settings'],
    [{}, undefined, { url: 'http://127.0.0.1/robot' }],
  ],
  discord: [
    [{ url: '' }, 'could not find webhook url property in settings'],
    [{ url: 'http://127.0.0.1/d' }, undefined],
  ],
  email: [
    [{}, 'could not find addresses in settings'],
    [{ addresses: ' ; ,\n' }, 'could not find addresses in settings'],
    [{ addresses: 'a@x.test;b@x.test' }, undefined],
  ],
  googlechat: [
    [{}, 'could not find url property in settings'],
    [{ url: 'http://127.0.0.1/g' }, undefined],
  ],
  jira: [
    [{}, 'could not find api_url property in settings'],
    [
      { api_url: 'http://127.0.0.1/rest/api/2', reopen_duration: '5 min' },
      'field reopen_duration is not a valid duration: not a valid duration string: "5 min"',
    ],
    [{ api_url: 'http://127.0.0.1/rest/api/2', reopen_duration: '1h30m' }, 'missing project in jira_config'],
    [{ api_url: 'http://127.0.0.1/rest/api/2', project: 'OPS' }, 'missing issue_type in jira_config'],
    [
      { api_url: 'http://127.0.0.1/rest/api/2', project: 'OPS', issue_type: 'Bug', user: 'u' },
      'either token or both user and password must be set',
    ],
    [
      { api_url: 'http://127.0.0.1/rest/api/2', project: 'OPS', issue_type: 'Bug', user: 'u' },
      'provided both token and user/password, only one is allowed at a time',
      { api_token: 't' },
    ],
    [
      { api_url: 'http://127.0.0.1/rest/api/2', project: 'OPS', issue_type: 'Bug', dedup_key_field: 'cf_1' },
      'dedup_key_field must match the format [0-9]+',
      { api_token: 't' },
    ],
    [
      { api_url: 'http://127.0.0.1/rest/api/2', project: 'OPS', issue_type: 'Bug', dedup_key_field: '10001' },
      undefined,
      { api_token: 't' },
    ],
  ],
  kafka: [
    [{}, 'could not find kafka rest proxy endpoint property in settings'],
    [{ kafkaRestProxy: 'http://127.0.0.1:8082' }, 'could not find kafka topic property in settings'],
    [
      { kafkaRestProxy: 'http://127.0.0.1:8082', kafkaTopic: 't', apiVersion: 'v3' },
      'kafka cluster id must be provided when using api version 3',
    ],
    [
      { kafkaRestProxy: 'http://127.0.0.1:8082', kafkaTopic: 't', apiVersion: 'v4' },
      'unsupported api version: v4',
    ],
    [
      { kafkaRestProxy: 'http://127.0.0.1:8082', kafkaTopic: 't', apiVersion: 'v3', kafkaClusterId: 'c' },
      undefined,
    ],
  ],
  LINE: [
    [{}, 'could not find token in settings'],
    [{ token: 'x' }, undefined],
  ],
  mqtt: [
    [{}, 'MQTT broker URL must be specified'],
    [{ brokerUrl: 'tcp://127.0.0.1:1883' }, 'MQTT topic must be specified'],
    [
      { brokerUrl: 'tcp://127.0.0.1:1883', topic: 't', messageFormat: 'xml' },
      "invalid message format, must be 'json' or 'text'",
    ],
    [
      { brokerUrl: 'tcp://127.0.0.1:1883', topic: 't', qos: 'high' },
      'failed to parse QoS: strconv.ParseInt: parsing "high": invalid syntax',
    ],
    [{ brokerUrl: 'tcp://127.0.0.1:1883', topic: 't', qos: 3 }, 'invalid QoS level: 3. Must be 0, 1 or 2'],
    [{ brokerUrl: 'tcp://127.0.0.1:1883', topic: 't', qos: '2', messageFormat: 'text' }, undefined],
  ],
  oncall: [
    [{}, "required field 'url' is not specified"],
    [
      { url: 'http://127.0.0.1/oncall', username: 'u', password: 'p', authorization_credentials: 'c' },
      'both HTTP Basic Authentication and Authorization Header are set, only 1 is permitted',
    ],
    [{ url: 'http://127.0.0.1/oncall' }, undefined],
  ],
  opsgenie: [
    [{}, 'could not find api key property in settings'],
    [{ sendTagsAs: 'labels' }, 'invalid value for sendTagsAs: "labels"', { apiKey: 'k' }],
    [
      { responders: [{ type: 'team' }] },
      'responder at index [0] must have at least one of id, username or name specified',
      { apiKey: 'k' },
    ],
    [
      {
        responders: [
          { type: 'team', id: '1' },
          { type: 'group', name: 'x' },
        ],
      },
      'responder at index [1] has unsupported type. Supported only: team,teams,user,escalation,schedule',
      { apiKey: 'k' },
    ],
    [
      { responders: [{ type: 'teams', id: '1' }] },
      "responder at index [0] has type 'teams' but empty name. Must be comma-separated string of names",
      { apiKey: 'k' },
    ],
    [
      {
        responders: [
          { type: '{{ .CommonLabels.rtype }}', id: '1' },
          { type: 'teams', name: 'a,b' },
        ],
      },
      undefined,
      { apiKey: 'k' },
    ],
  ],
  pagerduty: [
    [{}, 'could not find integration key property in settings'],
    [{ integrationKey: 'k' }, undefined],
  ],
  pushover: [
    [{}, 'user key not found'],
    [{ userKey: 'u' }, 'API token not found'],
    [
      { priority: 'urgent' },
      'failed to convert alerting priority to integer: strconv.Atoi: parsing "urgent": invalid syntax',
      { userKey: 'u', apiToken: 't' },
    ],
    [
      { priority: 1, okPriority: 'x' },
      'failed to convert OK priority to integer: strconv.Atoi: parsing "x": invalid syntax',
      { userKey: 'u', apiToken: 't' },
    ],
    [{ priority: 3 }, 'invalid priority: 3. Must be between -2 and 2', { userKey: 'u', apiToken: 't' }],
    [{ priority: '-3' }, 'invalid priority: -3. Must be between -2 and 2', { userKey: 'u', apiToken: 't' }],
    [
      { priority: 2, okPriority: -5 },
      'invalid OK priority: -5. Must be between -2 and 2',
      { userKey: 'u', apiToken: 't' },
    ],
    [{ priority: -2, okPriority: '2' }, undefined, { userKey: 'u', apiToken: 't' }],
  ],
  sensugo: [
    [{}, 'could not find URL property in settings'],
    [{ url: 'http://127.0.0.1:8080' }, 'could not find the API key property in settings'],
    [{ url: 'http://127.0.0.1:8080' }, undefined, { apikey: 'k' }],
  ],
  slack: [
    [{}, 'recipient must be specified when using the Slack chat API'],
    [{ recipient: '#ops', mentionChannel: 'everyone' }, 'invalid value for mentionChannel: "everyone"'],
    [{ recipient: '#ops', mentionChannel: 'here' }, 'token must be specified when using the Slack chat API'],
    [{ recipient: '#ops' }, undefined, { token: 'xoxb' }],
    [{}, undefined, { url: 'http://127.0.0.1/slack-hook' }],
  ],
  sns: [
    [{ topic_arn: 'topic' }, 'invalid topic ARN provided'],
    [{ target_arn: 'arn:aws' }, 'invalid target ARN provided'],
    [{}, 'must specify topicArn, targetArn, or phone number'],
    [
      { phone_number: '+15555550100', sigv4: { access_key: 'AK' } },
      'must specify both access key and secret key',
    ],
    [
      { topic_arn: 'arn:aws:sns:eu-west-1:123456789012:alerts' },
      undefined,
      { 'sigv4.access_key': 'AK', 'sigv4.secret_key': 'SK' },
    ],
  ],
  teams: [
    [{}, 'could not find url property in settings'],
    [{ url: 'http://127.0.0.1/teams' }, undefined],
  ],
  telegram: [
    [{}, 'could not find Bot Token in settings'],
    [{ bottoken: 'b' }, 'could not find Chat Id in settings'],
    [{ bottoken: 'b', chatid: -100123, message_thread_id: '1.5' }, 'message thread id must be an integer'],
    [{ bottoken: 'b', chatid: '1', message_thread_id: '3000000000' }, 'message thread id must be an int32'],
    [
      { bottoken: 'b', chatid: '1', parse_mode: 'rtf' },
      'unknown parse_mode, must be Markdown, MarkdownV2, HTML or None',
    ],
    [{ bottoken: 'b', chatid: '1', parse_mode: 'markdownv2', message_thread_id: 7 }, undefined],
  ],
  threema: [
    [{}, 'could not find Threema Gateway ID in settings'],
    [{ gateway_id: 'ABCDEFGH' }, 'invalid Threema Gateway ID: Must start with a *'],
    [{ gateway_id: '*ABC' }, 'invalid Threema Gateway ID: Must be 8 characters long'],
    [{ gateway_id: '*ABCDEFG' }, 'could not find Threema Recipient ID in settings'],
    [
      { gateway_id: '*ABCDEFG', recipient_id: 'ABC' },
      'invalid Threema Recipient ID: Must be 8 characters long',
    ],
    [{ gateway_id: '*ABCDEFG', recipient_id: 'ABCDEFGH' }, 'could not find Threema API secret in settings'],
    [{ gateway_id: '*ABCDEFG', recipient_id: 'ABCDEFGH' }, undefined, { api_secret: 's' }],
  ],
  victorops: [
    [{}, 'could not find victorops url property in settings'],
    [{ url: 'http://127.0.0.1/vo' }, undefined],
  ],
  webex: [[{}, undefined]],
  webhook: [
    [{}, "required field 'url' is not specified"],
    [
      { url: 'http://127.0.0.1/h', username: 'u' },
      'both HTTP Basic Authentication and Authorization Header are set, only 1 is permitted',
      { password: 'p', authorization_credentials: 'c' },
    ],
    [
      { url: 'http://127.0.0.1/h', maxAlerts: 'ten' },
      'failed to parse maxAlerts: strconv.ParseInt: parsing "ten": invalid syntax',
    ],
    [
      { url: 'http://127.0.0.1/h', maxAlerts: 2.5 },
      'failed to parse maxAlerts: strconv.ParseInt: parsing "2.5": invalid syntax',
    ],
    [
      {
        url: 'http://127.0.0.1/h',
        headers: { 'user-agent': 'x', Host: 'h', 'X-Ok': '1', 'x-forwarded-for': 'a' },
      },
      'custom headers ["Host" "User-Agent" "X-Forwarded-For"] are not allowed',
    ],
    [{ url: 'http://127.0.0.1/h', http_config: { oauth2: {} } }, 'client_id must be specified'],
    [
      { url: 'http://127.0.0.1/h', http_config: { oauth2: { client_id: 'c' } } },
      'client_secret must be specified',
    ],
    [
      { url: 'http://127.0.0.1/h', http_config: { oauth2: { client_id: 'c' } } },
      'token_url must be specified',
      { 'http_config.oauth2.client_secret': 's' },
    ],
    [{ url: 'http://127.0.0.1/h', headers: { 'X-Ok': '1' }, maxAlerts: '10' }, undefined],
  ],
  wecom: [
    [{}, 'either url or secret is required'],
    [{}, 'could not find AgentID in settings', { secret: 's' }],
    [{ agent_id: '1000002' }, 'could not find CorpID in settings', { secret: 's' }],
    [{ agent_id: '1000002', corp_id: 'ww1' }, undefined, { secret: 's' }],
    [{ url: 'http://127.0.0.1/wecom' }, undefined],
  ],
};

describe('integration types', () => {
  it('lists every type of the reference, in catalogue order', () => {
    expect(integrationTypes).toEqual([
      'LINE',
      'dingding',
      'discord',
      'email',
      'googlechat',
      'jira',
      'kafka',
      'mqtt',
      'oncall',
      'opsgenie',
      'pagerduty',
      'prometheus-alertmanager',
      'pushover',
      'sensugo',
      'slack',
      'sns',
      'teams',
      'telegram',
      'threema',
      'victorops',
      'webex',
      'webhook',
      'wecom',
    ]);
    expect(Object.keys(settingsCases).sort()).toEqual([...integrationTypes].sort());
  });

  it('matches types case-insensitively and refuses unknown ones', () => {
    expect(notifierFor('line')?.type).toBe('LINE');
    expect(notifierFor('Slack')?.type).toBe('slack');
    expect(validateIntegrationType('wechat')).toEqual({
      ok: false,
      error: 'notifier wechat is not supported',
    });
    expect(validateIntegrationType('webhook')).toEqual({ ok: true });
    expect(validateIntegrationSettings('nope', {})).toEqual({
      ok: false,
      error: 'notifier nope is not supported',
    });
    expect(validateIntegration('nope', { url: 'x' })).toEqual({
      ok: false,
      error: 'notifier nope is not supported',
    });
  });
});

describe('required settings and value checks, in Grafana’s order', () => {
  for (const [type, cases] of Object.entries(settingsCases)) {
    it(type, () => {
      for (const [settings, error, secure] of cases) {
        const result = validateIntegrationSettings(type, settings, secure);
        expect(result, JSON.stringify(settings)).toEqual(
          error === undefined ? { ok: true } : { ok: false, error },
        );
      }
    });
  }
});

describe('URL checks', () => {
  const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
    ['webhook', { url: 'not a url' }, 'invalid URL "not a url"'],
    ['webhook', { url: 'http://127.0.0.1/{{ .GroupLabels.team }}' }, undefined],
    ['webhook', { url: '{{ template "hook.url" . }}' }, undefined],
    ['webhook', { url: 'grafana://noop' }, undefined],
    ['slack', { url: 'ftp:/x' }, 'invalid URL "ftp:/x"'],
    ['slack', { recipient: '#a', token: 't', endpointUrl: 'nope' }, 'invalid URL "nope"'],
    ['slack', { recipient: '#a', token: 't' }, undefined],
    [
      'prometheus-alertmanager',
      { url: 'http://127.0.0.1:9093, bad' },
      'invalid url property in settings: parse "bad/api/v2/alerts": invalid URL',
    ],
    ['prometheus-alertmanager', { url: 'http://127.0.0.1:9093/, http://127.0.0.2:9093' }, undefined],
    ['mqtt', { brokerUrl: '127.0.0.1:1883' }, 'failed to parse broker URL'],
    ['mqtt', { brokerUrl: 'http://127.0.0.1:1883' }, 'failed to parse broker URL'],
    ['mqtt', { brokerUrl: 'mqtts://127.0.0.1:8883' }, undefined],
    ['jira', { api_url: 'jira.local' }, 'field api_url is not a valid URL: parse "jira.local": invalid URL'],
    ['webex', { api_url: 'x' }, 'invalid URL "x"'],
    ['pagerduty', { url: '::' }, 'invalid URL "::"'],
    ['kafka', { kafkaRestProxy: 'localhost' }, 'invalid URL "localhost"'],
    ['opsgenie', { apiUrl: 'http://127.0.0.1/v2/alerts' }, undefined],
    ['email', { addresses: 'a@b' }, undefined],
  ];
  for (const [type, settings, error] of cases) {
    it(`${type} ${JSON.stringify(settings)}`, () => {
      expect(validateIntegrationUrls(type, settings)).toEqual(
        error === undefined ? { ok: true } : { ok: false, error },
      );
    });
  }
});

describe('templated fields', () => {
  it('lists them per type', () => {
    expect(templatedFields('webhook')).toEqual(['url', 'title', 'message', 'payload.template']);
    expect(templatedFields('pagerduty')).toContain('details.*');
    expect(templatedFields('email')).toEqual(['subject', 'message']);
    expect(templatedFields('prometheus-alertmanager')).toEqual([]);
    expect(templatedFields('unknown')).toEqual([]);
    for (const type of integrationTypes) expect(Array.isArray(templatedFields(type))).toBe(true);
  });

  it('expands maps and lists into concrete field names', () => {
    expect(templatedValues('pagerduty', { summary: 'S', details: { a: 'x', b: 'y', c: 3 } })).toEqual([
      { field: 'summary', text: 'S' },
      { field: 'details.a', text: 'x' },
      { field: 'details.b', text: 'y' },
    ]);
    expect(templatedValues('opsgenie', { responders: [{ type: 'team', name: '{{ .X }}' }] })).toEqual([
      { field: 'responders[0].type', text: 'team' },
      { field: 'responders[0].name', text: '{{ .X }}' },
    ]);
    expect(templatedValues('jira', { labels: ['a', '{{ .Status }}'] })).toEqual([
      { field: 'labels[0]', text: 'a' },
      { field: 'labels[1]', text: '{{ .Status }}' },
    ]);
  });

  it('validates them with the organization’s templates, naming the field, line and column', () => {
    const set = createNotificationTemplates([
      { name: 'mine', template: '{{ define "my.title" }}T{{ end }}' },
    ]);
    expect(validateIntegrationTemplates('slack', { title: '{{ template "my.title" . }}' }, set)).toEqual({
      ok: true,
    });
    expect(
      validateIntegrationTemplates('slack', { title: 'ok', text: 'line\n{{ .Status | nope }}' }, set),
    ).toEqual({
      ok: false,
      field: 'text',
      error: 'template: text:2: function "nope" not defined',
    });
    const missing = validateIntegrationTemplates(
      'webhook',
      { url: 'http://x', message: '{{ template "other" . }}' },
      set,
    );
    expect(missing).toMatchObject({ ok: false, field: 'message' });
    if (!missing.ok)
      expect(missing.error).toMatch(/^template: message:1:\d+: .*template "other" not defined/);
  });

  it('runs all stages in SPEC order', () => {
    const set = createNotificationTemplates();
    expect(validateIntegration('webhook', {}, {}, set)).toEqual({
      ok: false,
      error: "required field 'url' is not specified",
    });
    expect(validateIntegration('webhook', { url: 'bad', title: '{{ .X' }, {}, set)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^template: title:1: /),
    });
    expect(validateIntegration('webhook', { url: 'bad', title: '{{ .Status }}' }, {}, set)).toEqual({
      ok: false,
      error: 'invalid URL "bad"',
    });
    expect(validateIntegration('webhook', { url: 'http://127.0.0.1' }, {}, set)).toEqual({ ok: true });
  });

  it('formats the API’s wrapping like Grafana', () => {
    expect(
      integrationValidationMessage(
        { name: 'cp', uid: 'u1', type: 'email' },
        'could not find addresses in settings',
      ),
    ).toBe(
      'failed to validate integration "cp" (UID u1) of type "email": could not find addresses in settings',
    );
    expect(integrationValidationMessage({ name: 'cp', type: 'x' }, 'e')).toBe(
      'failed to validate integration "cp" (UID ) of type "x": e',
    );
  });
});

describe('secure settings', () => {
  it('knows every type’s secure keys', () => {
    expect(secureSettingKeys('webhook')).toEqual([
      'password',
      'authorization_credentials',
      'tlsConfig.caCertificate',
      'tlsConfig.clientCertificate',
      'tlsConfig.clientKey',
      'hmacConfig.secret',
      'http_config.oauth2.client_secret',
      'http_config.oauth2.tls_config.caCertificate',
      'http_config.oauth2.tls_config.clientCertificate',
      'http_config.oauth2.tls_config.clientKey',
    ]);
    expect(secureSettingKeys('teams')).toEqual([]);
    expect(secureSettingKeys('sns')).toEqual(['sigv4.access_key', 'sigv4.secret_key']);
    expect(secureSettingKeys('LINE')).toEqual(['token']);
    expect(secureSettingKeys('line')).toEqual(['token']);
  });

  it('moves secrets out of the settings, case-insensitively and nested, dropping empty ones', () => {
    const extracted = extractSecureSettings('webhook', {
      url: 'http://x',
      Password: 'p',
      authorization_credentials: '',
      tlsConfig: { insecureSkipVerify: true, clientkey: 'KEY' },
      hmacConfig: { secret: '[REDACTED]', header: 'X-Sig' },
    });
    expect(extracted).toEqual({
      settings: { url: 'http://x', tlsConfig: { insecureSkipVerify: true }, hmacConfig: { header: 'X-Sig' } },
      secureSettings: { password: 'p', 'tlsConfig.clientKey': 'KEY' },
      redacted: ['hmacConfig.secret'],
    });
  });

  it('shows stored secrets redacted at their place, or decrypted', () => {
    const secure = { integrationKey: 'k', 'sigv4.secret_key': 's' };
    expect(redactedSettings({ severity: 'info' }, secure)).toEqual({
      severity: 'info',
      integrationKey: '[REDACTED]',
      sigv4: { secret_key: '[REDACTED]' },
    });
    expect(redactedSettings({}, { token: 't' }, true)).toEqual({ token: 't' });
    expect(secureFieldsOf(secure)).toEqual({ integrationKey: true, 'sigv4.secret_key': true });
  });

  it('reads a secure value in place of the plain one at send time', () => {
    expect(validateIntegrationSettings('pagerduty', {}, { integrationKey: 'k' })).toEqual({ ok: true });
  });
});

describe('quoteMeta', () => {
  it('escapes like Go’s regexp.QuoteMeta', () => {
    expect(quoteMeta('ops (team) [a-b] 1.5$ ^x* y+? {z}|w\\')).toBe(
      'ops \\(team\\) \\[a-b\\] 1\\.5\\$ \\^x\\* y\\+\\? \\{z\\}\\|w\\\\',
    );
  });
});

describe('defaults', () => {
  it('gives each type’s in-memory defaults', () => {
    expect(settingDefaults('webhook')).toMatchObject({ httpMethod: 'POST', maxAlerts: 0 });
    expect(settingDefaults('pagerduty')).toMatchObject({
      severity: 'critical',
      url: 'https://events.pagerduty.com/v2/enqueue',
    });
    expect(settingDefaults('mqtt')).toMatchObject({ messageFormat: 'json', qos: 0, retain: false });
    expect(settingDefaults('nope')).toEqual({});
  });
});
