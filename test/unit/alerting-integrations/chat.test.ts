import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { startHttpReceiver, type HttpReceiver } from '../../helpers/peers/http-receiver.js';
import { context, firing, integration, resolved } from './context.js';

let peer: HttpReceiver;
beforeAll(async () => {
  peer = await startHttpReceiver();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.length = 0;
  peer.reply({ status: 200, body: {} });
});

const ruleUrl = 'http://svc.test:3000/alerting/list';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('slack', () => {
  it('posts an attachment to an incoming webhook without a token', async () => {
    peer.reply({ status: 200, body: 'ok' });
    const result = await sendIntegration(
      integration(
        'slack',
        { recipient: '#ops', mentionChannel: 'here', mentionUsers: 'U1, U2', mentionGroups: 'G1' },
        {
          secureSettings: { url: `${peer.url}/services/T/B/X` },
        },
      ),
      firing('slack'),
      context(),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    const req = peer.requests[0]!;
    expect(req.path).toBe('/services/T/B/X');
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.json).toMatchObject({ channel: '#ops', username: 'svc' });
    const [attachment] = req.json.attachments;
    expect(attachment).toMatchObject({
      color: '#D63232',
      title: '[FIRING:1] TestAlert Grafana ',
      title_link: ruleUrl,
      fallback: '[FIRING:1] TestAlert Grafana ',
      footer: 'svc',
      pretext: '<!here|here> <!subteam^G1> <@U1> <@U2>',
      mrkdwn_in: ['pretext'],
    });
    expect(attachment.text).toContain('**Firing**');
    expect(attachment.ts).toBeGreaterThan(1_700_000_000);
  });

  it('uses the chat API with a Bearer token and reports its errors', async () => {
    peer.reply({ status: 200, body: { ok: true, ts: '1.2' } });
    const hook = integration(
      'slack',
      {
        recipient: 'C123',
        endpointUrl: `${peer.url}/api/chat.postMessage`,
        username: 'bot',
        icon_emoji: ':fire:',
        title: 'T',
        text: 'X',
      },
      { secureSettings: { token: 'xoxb-1' } },
    );
    expect((await sendIntegration(hook, resolved(), context())).ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.path).toBe('/api/chat.postMessage');
    expect(req.headers.authorization).toBe('Bearer xoxb-1');
    expect(req.json).toMatchObject({ channel: 'C123', username: 'bot', icon_emoji: ':fire:' });
    expect(req.json.attachments[0]).toMatchObject({ title: 'T', text: 'X', color: '#36a64f' });
    expect(req.json.attachments[0].pretext).toBeUndefined();

    peer.reply({ status: 200, body: { ok: false, error: 'channel_not_found' } });
    expect(await sendIntegration(hook, firing('slack'), context())).toMatchObject({
      ok: false,
      statusCode: 200,
      error: 'failed to make Slack API request: channel_not_found',
    });
    peer.reply({ status: 500, body: 'oops' });
    expect(await sendIntegration(hook, firing('slack'), context())).toMatchObject({
      ok: false,
      statusCode: 500,
      error: 'request to Slack API failed with status code 500',
    });
  });
});

describe('pagerduty', () => {
  it('triggers and resolves Events v2 with the group’s dedup key', async () => {
    peer.reply({ status: 202, body: { status: 'success' } });
    const data = firing('pagerduty');
    const hook = integration(
      'pagerduty',
      {
        url: `${peer.url}/v2/enqueue`,
        severity: 'Warning',
        class: 'cpu',
        component: 'web',
        group: 'prod',
        source: 'svc-host',
        details: { runbook: 'see {{ .CommonLabels.alertname }}' },
      },
      { secureSettings: { integrationKey: 'KEY' } },
    );
    expect(await sendIntegration(hook, data, context())).toMatchObject({ ok: true, statusCode: 202 });
    const req = peer.requests[0]!;
    expect(req.path).toBe('/v2/enqueue');
    expect(req.json).toEqual({
      routing_key: 'KEY',
      dedup_key: sha256(data.GroupKey),
      event_action: 'trigger',
      payload: {
        summary: '[FIRING:1] TestAlert Grafana ',
        source: 'svc-host',
        severity: 'warning',
        class: 'cpu',
        component: 'web',
        group: 'prod',
        custom_details: expect.objectContaining({
          num_firing: '1',
          num_resolved: '0',
          runbook: 'see TestAlert',
        }),
      },
      client: 'svc',
      client_url: 'http://svc.test:3000/',
      links: [{ href: 'http://svc.test:3000/', text: 'External URL' }],
    });
    expect(req.json.payload.custom_details.firing).toContain('Labels:');

    await sendIntegration(
      { ...hook, settings: { ...hook.settings, severity: 'nope' } },
      resolved(),
      context(),
    );
    expect(peer.requests[1]!.json).toMatchObject({
      event_action: 'resolve',
      payload: { severity: 'critical' },
    });
  });

  it('wraps failures', async () => {
    peer.reply({ status: 400, body: 'invalid routing key' });
    const result = await sendIntegration(
      integration('pagerduty', { url: peer.url, integrationKey: 'k' }),
      firing('pagerduty'),
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      statusCode: 400,
      error: 'send notification to Pagerduty: webhook response status 400 Bad Request: invalid routing key',
    });
  });
});

describe('discord', () => {
  it('posts content and a rich embed', async () => {
    peer.reply({ status: 204, body: '' });
    const result = await sendIntegration(
      integration(
        'discord',
        { avatar_url: 'https://x.test/a.png' },
        { secureSettings: { url: `${peer.url}/api/webhooks/1/t` } },
      ),
      firing('discord'),
      context(),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 204 });
    const body = peer.requests[0]!.json;
    expect(body).toMatchObject({
      username: 'svc',
      avatar_url: 'https://x.test/a.png',
      embeds: [
        {
          title: '[FIRING:1] TestAlert Grafana ',
          type: 'rich',
          url: ruleUrl,
          color: 14037554,
          footer: { text: 'svc' },
        },
      ],
    });
    expect(body.content).toContain('**Firing**');
  });

  it('puts the message in the embed and keeps the webhook’s own name when asked', async () => {
    await sendIntegration(
      integration('discord', {
        url: peer.url,
        use_discord_username: true,
        use_embed_description: true,
        message: 'm',
      }),
      resolved(),
      context(),
    );
    const body = peer.requests[0]!.json;
    expect(body.username).toBeUndefined();
    expect(body.content).toBe('');
    expect(body.embeds[0]).toMatchObject({ description: 'm', color: 3581519 });
  });
});

describe('teams', () => {
  it('posts an Adaptive Card', async () => {
    const result = await sendIntegration(
      integration('teams', { url: `${peer.url}/workflows/1` }),
      firing('teams'),
      context(),
    );
    expect(result.ok).toBe(true);
    const body = peer.requests[0]!.json;
    expect(body).toMatchObject({
      type: 'message',
      summary: '[FIRING:1] TestAlert Grafana ',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }],
    });
    const card = body.attachments[0].content;
    expect(card).toMatchObject({
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
    });
    expect(card.body[0]).toEqual({
      type: 'TextBlock',
      text: '[FIRING:1] TestAlert Grafana ',
      size: 'large',
      weight: 'bolder',
      wrap: true,
      color: 'attention',
    });
    expect(card.body[1].text).toContain('**Firing**');
    expect(card.body[2]).toEqual({
      type: 'ActionSet',
      actions: [{ type: 'Action.OpenUrl', title: 'View URL', url: ruleUrl }],
    });
  });

  it('wraps failures', async () => {
    peer.reply({ status: 400, body: 'bad card' });
    expect(
      await sendIntegration(integration('teams', { url: peer.url }), firing('teams'), context()),
    ).toMatchObject({
      ok: false,
      error: 'send notification to Teams: webhook response status 400 Bad Request: bad card',
    });
  });
});

describe('googlechat', () => {
  it('posts a card with the open button and version line', async () => {
    await sendIntegration(
      integration('googlechat', {}, { secureSettings: { url: `${peer.url}/v1/spaces/x` } }),
      firing('googlechat'),
      context(),
    );
    const body = peer.requests[0]!.json;
    expect(body).toMatchObject({
      previewText: '[FIRING:1] TestAlert Grafana ',
      fallbackText: '[FIRING:1] TestAlert Grafana ',
    });
    const [card] = body.cards;
    expect(card.header).toEqual({ title: '[FIRING:1] TestAlert Grafana ' });
    const widgets = card.sections[0].widgets;
    expect(widgets[0].textParagraph.text).toContain('**Firing**');
    expect(widgets[1]).toEqual({
      buttons: [{ textButton: { text: 'OPEN IN SVC', onClick: { openLink: { url: ruleUrl } } } }],
    });
    expect(widgets[2].textParagraph.text).toMatch(/^svc \| \d\d [A-Z][a-z]{2} \d\d \d\d:\d\d UTC$/);
  });

  it('hides the button and the version on request', async () => {
    await sendIntegration(
      integration('googlechat', { url: peer.url, hide_open_button: true, hide_version_info: true }),
      firing('googlechat'),
      context(),
    );
    expect(peer.requests[0]!.json.cards[0].sections[0].widgets).toHaveLength(1);
  });
});

describe('telegram', () => {
  it('posts a multipart sendMessage to the bot API', async () => {
    const result = await sendIntegration(
      integration(
        'telegram',
        {
          api_url: peer.url,
          chatid: '-1001',
          message_thread_id: '42',
          parse_mode: 'none',
          disable_web_page_preview: true,
          disable_notification: true,
          protect_content: true,
          message: '{{ .Status }}',
        },
        { secureSettings: { bottoken: '123:ABC' } },
      ),
      firing('telegram'),
      context(),
    );
    expect(result.ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.path).toBe('/bot123:ABC/sendMessage');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.form).toEqual([
      ['chat_id', '-1001'],
      ['message_thread_id', '42'],
      ['disable_notification', 'true'],
      ['text', 'firing'],
      ['disable_web_page_preview', 'true'],
      ['protect_content', 'true'],
    ]);
  });

  it('defaults to HTML parse mode', async () => {
    await sendIntegration(
      integration('telegram', { api_url: peer.url, bottoken: 't', chatid: 5 }),
      firing('telegram'),
      context(),
    );
    expect(Object.fromEntries(peer.requests[0]!.form)).toMatchObject({ chat_id: '5', parse_mode: 'HTML' });
  });
});

describe('opsgenie', () => {
  it('creates an alert on firing and closes it by alias on resolution', async () => {
    peer.reply({ status: 202, body: { result: 'Request will be processed' } });
    const data = firing('opsgenie');
    const hook = integration(
      'opsgenie',
      {
        apiUrl: `${peer.url}/v2/alerts`,
        sendTagsAs: 'both',
        responders: [
          { type: 'teams', name: 'a, b' },
          { type: 'user', username: 'u@x.test' },
        ],
      },
      { secureSettings: { apiKey: 'GK' } },
    );
    expect((await sendIntegration(hook, data, context())).ok).toBe(true);
    const create = peer.requests[0]!;
    expect(create.path).toBe('/v2/alerts');
    expect(create.headers.authorization).toBe('GenieKey GK');
    expect(create.json).toMatchObject({
      alias: sha256(data.GroupKey),
      message: '[FIRING:1] TestAlert Grafana',
      details: { url: ruleUrl, alertname: 'TestAlert', instance: 'Grafana' },
      source: 'svc',
      responders: [
        { type: 'team', name: 'a' },
        { type: 'team', name: 'b' },
        { type: 'user', username: 'u@x.test' },
      ],
      tags: ['alertname:TestAlert', 'instance:Grafana'],
    });
    expect(create.json.description).toMatch(
      /^\[FIRING:1\] TestAlert Grafana \nhttp:\/\/svc\.test:3000\/alerting\/list\n\n\*\*Firing\*\*/,
    );

    const res = resolved();
    expect((await sendIntegration(hook, res, context())).ok).toBe(true);
    const close = peer.requests[1]!;
    expect(close.method).toBe('POST');
    expect(close.path).toBe(`/v2/alerts/${sha256(res.GroupKey)}/close?identifierType=alias`);
    expect(close.json).toEqual({ source: 'svc' });
  });

  it('takes the priority from og_priority and sends nothing on resolution without autoClose', async () => {
    const { buildNotificationData } = await import('../../../src/features/alerting/templates/index.js');
    const data = buildNotificationData([{ labels: { alertname: 'A', og_priority: 'P2' } }], {
      receiver: 'ops',
      externalUrl: 'http://svc.test:3000/',
    });
    const hook = integration('opsgenie', {
      apiUrl: peer.url,
      apiKey: 'k',
      autoClose: false,
      sendTagsAs: 'details',
    });
    await sendIntegration(hook, data, context());
    expect(peer.requests[0]!.json).toMatchObject({ priority: 'P2', tags: [] });
    expect(await sendIntegration(hook, resolved(), context())).toMatchObject({ ok: true, skipped: true });
    expect(peer.requests).toHaveLength(1);
  });
});

describe('pushover', () => {
  it('posts the multipart form with emergency retry/expire', async () => {
    const result = await sendIntegration(
      integration(
        'pushover',
        {
          apiUrl: `${peer.url}/1/messages.json`,
          priority: 2,
          okPriority: -1,
          retry: '60',
          expire: '3600',
          device: 'phone',
          sound: 'siren',
          okSound: 'default',
        },
        { secureSettings: { userKey: 'UK', apiToken: 'AT' } },
      ),
      firing('pushover'),
      context(),
    );
    expect(result.ok).toBe(true);
    const form = peer.requests[0]!.form;
    expect(form.map(([k]) => k)).toEqual([
      'user',
      'token',
      'priority',
      'retry',
      'expire',
      'device',
      'title',
      'url',
      'url_title',
      'message',
      'sound',
      'html',
    ]);
    expect(Object.fromEntries(form)).toMatchObject({
      user: 'UK',
      token: 'AT',
      priority: '2',
      retry: '60',
      expire: '3600',
      device: 'phone',
      title: '[FIRING:1] TestAlert Grafana ',
      url: ruleUrl,
      url_title: 'Show alert rule',
      sound: 'siren',
      html: '1',
    });
  });

  it('uses the OK priority and sound when resolved', async () => {
    await sendIntegration(
      integration('pushover', {
        apiUrl: peer.url,
        userKey: 'u',
        apiToken: 't',
        priority: 1,
        okPriority: -1,
        okSound: 'default',
      }),
      resolved(),
      context(),
    );
    const form = Object.fromEntries(peer.requests[0]!.form);
    expect(form.priority).toBe('-1');
    expect(form.sound).toBeUndefined();
    expect(form.retry).toBeUndefined();
  });
});

describe('kafka', () => {
  it('produces a record through REST proxy v2', async () => {
    const data = firing('kafka');
    const result = await sendIntegration(
      integration(
        'kafka',
        { kafkaRestProxy: `${peer.url}/`, kafkaTopic: 'alerts-{{ .Status }}', username: 'k' },
        { secureSettings: { password: 'p' } },
      ),
      data,
      context(),
    );
    expect(result.ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.path).toBe('/topics/alerts-firing');
    expect(req.headers['content-type']).toBe('application/vnd.kafka.json.v2+json');
    expect(req.headers.accept).toBe('application/vnd.kafka.v2+json');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('k:p').toString('base64')}`);
    expect(req.json.records).toHaveLength(1);
    expect(req.json.records[0].value).toMatchObject({
      description: '[FIRING:1] TestAlert Grafana ',
      client: 'svc',
      alert_state: 'alerting',
      client_url: ruleUrl,
      incident_key: sha256(data.GroupKey),
    });
    expect(req.json.records[0].value.details).toContain('**Firing**');
  });

  it('produces through REST proxy v3 and checks the record’s error code', async () => {
    peer.reply({ status: 200, body: { error_code: 200, cluster_id: 'c1' } });
    const hook = integration('kafka', {
      kafkaRestProxy: peer.url,
      kafkaTopic: 't',
      apiVersion: 'v3',
      kafkaClusterId: 'c1',
    });
    expect((await sendIntegration(hook, resolved(), context())).ok).toBe(true);
    const req = peer.requests[0]!;
    expect(req.path).toBe('/v3/clusters/c1/topics/t/records');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toMatchObject({ value: { type: 'JSON', data: { alert_state: 'ok', client: 'svc' } } });

    peer.reply({ status: 200, body: { error_code: 40403, message: 'topic not found' } });
    const failed = await sendIntegration(hook, firing('kafka'), context());
    expect(failed).toMatchObject({
      ok: false,
      error: 'failed to publish message to Kafka. response: {"error_code":40403,"message":"topic not found"}',
    });
  });
});
