/**
 * The small chat and paging webhooks: DingDing, LINE Notify, Threema Gateway, VictorOps,
 * Sensu Go and Webex — one request each, shapes as Grafana sends them.
 */

import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  groupKeyHash,
  literalUrlCheck,
  productVersion,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const required =
  (field: string, message: string) =>
  (s: Settings): string | undefined =>
    s.string(field) === '' ? message : undefined;

const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
const jsonHeaders = { 'Content-Type': 'application/json' };

export const dingding: NotifierDefinition = {
  type: 'dingding',
  secure: ['url'],
  templated: ['url', 'msgType', 'title', 'message'],
  defaults: { msgType: 'link', title: defaultTitle, message: defaultMessage },
  validate: required('url', 'could not find url property in settings'),
  validateUrls: literalUrlCheck('url'),
  async send(d: Delivery) {
    const s = d.settings;
    // DingTalk's own scheme opens the link outside the app.
    const messageUrl = `dingtalk://dingtalkclient/page/link?${new URLSearchParams({ pc_slide: 'false', url: d.ruleUrl }).toString()}`;
    const title = d.render(s.text('title', defaultTitle), 'title');
    const text = d.render(s.text('message', defaultMessage), 'message');
    const body =
      d.render(s.text('msgType', 'link'), 'msgType') === 'actionCard'
        ? { msgtype: 'actionCard', actionCard: { text, title, singleTitle: 'More', singleURL: messageUrl } }
        : { msgtype: 'link', link: { text, title, messageUrl } };
    const res = await d.http.send({
      url: d.render(s.string('url'), 'url'),
      headers: jsonHeaders,
      body: toJson(body),
    });
    return { statusCode: res.status };
  },
};

const lineNotifyUrl = 'https://notify-api.line.me/api/notify';

export const line: NotifierDefinition = {
  type: 'LINE',
  secure: ['token'],
  templated: ['title', 'description'],
  defaults: { title: defaultTitle, description: defaultMessage, api_url: lineNotifyUrl },
  validate: required('token', 'could not find token in settings'),
  validateUrls: literalUrlCheck('api_url'),
  async send(d: Delivery) {
    const s = d.settings;
    const message = `${d.render(s.text('title', defaultTitle), 'title')}\n${d.ruleUrl}\n\n${d.render(
      s.text('description', defaultMessage),
      'description',
    )}`;
    const res = await d.http.send({
      url: s.text('api_url', lineNotifyUrl),
      headers: { ...formHeaders, Authorization: `Bearer ${s.string('token')}` },
      body: new URLSearchParams({ message }).toString(),
    });
    return { statusCode: res.status };
  },
};

const threemaGatewayUrl = 'https://msgapi.threema.ch/send_simple';

export const threema: NotifierDefinition = {
  type: 'threema',
  secure: ['api_secret'],
  templated: ['title', 'description'],
  defaults: { title: defaultTitle, description: defaultMessage, api_url: threemaGatewayUrl },
  validate(s) {
    const gateway = s.string('gateway_id');
    if (gateway === '') return 'could not find Threema Gateway ID in settings';
    if (!gateway.startsWith('*')) return 'invalid Threema Gateway ID: Must start with a *';
    if (gateway.length !== 8) return 'invalid Threema Gateway ID: Must be 8 characters long';
    const recipient = s.string('recipient_id');
    if (recipient === '') return 'could not find Threema Recipient ID in settings';
    if (recipient.length !== 8) return 'invalid Threema Recipient ID: Must be 8 characters long';
    if (s.string('api_secret') === '') return 'could not find Threema API secret in settings';
    return undefined;
  },
  validateUrls: literalUrlCheck('api_url'),
  async send(d: Delivery) {
    const s = d.settings;
    const emoji = d.data.Status === 'firing' ? '\u26A0\uFE0F ' : '\u2705 ';
    const text = `${emoji}${d.render(s.text('title', defaultTitle), 'title')}\n\n*Message:*\n${d.render(
      s.text('description', defaultMessage),
      'description',
    )}\n*URL:* ${d.ruleUrl}\n`;
    const res = await d.http.send({
      url: s.text('api_url', threemaGatewayUrl),
      headers: formHeaders,
      body: new URLSearchParams({
        from: s.string('gateway_id'),
        to: s.string('recipient_id'),
        secret: s.string('api_secret'),
        text,
      }).toString(),
    });
    return { statusCode: res.status };
  },
};

export const victorops: NotifierDefinition = {
  type: 'victorops',
  secure: ['url'],
  templated: ['url', 'messageType', 'title', 'description'],
  defaults: { messageType: 'CRITICAL', title: defaultTitle, description: defaultMessage },
  validate: required('url', 'could not find victorops url property in settings'),
  validateUrls: literalUrlCheck('url'),
  async send(d: Delivery) {
    const s = d.settings;
    const messageType =
      d.data.Status === 'resolved'
        ? 'RECOVERY'
        : d.render(s.text('messageType', 'CRITICAL'), 'messageType').toUpperCase() || 'CRITICAL';
    const body = struct({
      message_type: messageType,
      entity_id: groupKeyHash(d.data),
      entity_display_name: d.render(s.text('title', defaultTitle), 'title'),
      timestamp: Math.floor(Date.now() / 1000),
      state_message: d.render(s.text('description', defaultMessage), 'description'),
      monitoring_tool: productVersion(d.data),
      alert_url: d.ruleUrl,
    });
    const res = await d.http.send({
      url: d.render(s.string('url'), 'url'),
      headers: jsonHeaders,
      body: toJson(body),
    });
    return { statusCode: res.status };
  },
};

export const sensugo: NotifierDefinition = {
  type: 'sensugo',
  secure: ['apikey'],
  templated: ['entity', 'check', 'namespace', 'handler', 'message'],
  defaults: { message: defaultMessage },
  validate(s) {
    if (s.string('url') === '') return 'could not find URL property in settings';
    if (s.string('apikey') === '') return 'could not find the API key property in settings';
    return undefined;
  },
  validateUrls: literalUrlCheck('url'),
  async send(d: Delivery) {
    const s = d.settings;
    const entity = d.render(s.string('entity'), 'entity') || 'default';
    const check = d.render(s.string('check'), 'check') || 'default';
    const namespace = d.render(s.string('namespace'), 'namespace') || 'default';
    const handler = d.render(s.string('handler'), 'handler');
    const body = struct({
      entity: struct({ metadata: struct({ name: entity, namespace }) }),
      check: struct({
        metadata: struct({ name: check, labels: { ruleURL: d.ruleUrl } }),
        output: d.render(s.text('message', defaultMessage), 'message'),
        issued: Math.floor(Date.now() / 1000),
        interval: 86400,
        status: d.data.Status === 'firing' ? 2 : 0,
        handlers: handler ? [handler] : null,
      }),
      ruleUrl: d.ruleUrl,
    });
    const res = await d.http.send({
      url: `${s.string('url').replace(/\/+$/, '')}/api/core/v2/namespaces/${encodeURIComponent(namespace)}/events`,
      headers: { ...jsonHeaders, Authorization: `Key ${s.string('apikey')}` },
      body: toJson(body),
    });
    return { statusCode: res.status };
  },
};

const webexMessagesUrl = 'https://webexapis.com/v1/messages';

export const webex: NotifierDefinition = {
  type: 'webex',
  secure: ['bot_token'],
  templated: ['api_url', 'message'],
  defaults: { api_url: webexMessagesUrl, message: defaultMessage },
  // Grafana compat: bot_token and room_id are required in the form only.
  validate: () => undefined,
  validateUrls: literalUrlCheck('api_url'),
  async send(d: Delivery) {
    const s = d.settings;
    const token = s.string('bot_token');
    const res = await d.http.send({
      url: d.render(s.text('api_url', webexMessagesUrl), 'api_url'),
      headers: { ...jsonHeaders, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: toJson(
        struct({
          roomId: s.string('room_id'),
          markdown: d.render(s.text('message', defaultMessage), 'message'),
        }),
      ),
    });
    return { statusCode: res.status };
  },
};
