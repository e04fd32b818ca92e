/** Kafka REST Proxy: one record per notification, through the v2 or the v3 API. */

import { DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  groupKeyHash,
  literalUrlCheck,
  productName,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

function validate(s: Settings): string | undefined {
  if (s.string('kafkaRestProxy') === '')
    return 'could not find kafka rest proxy endpoint property in settings';
  if (s.string('kafkaTopic') === '') return 'could not find kafka topic property in settings';
  const version = s.text('apiVersion', 'v2');
  if (version === 'v3') {
    if (s.string('kafkaClusterId') === '')
      return 'kafka cluster id must be provided when using api version 3';
  } else if (version !== 'v2') {
    return `unsupported api version: ${version}`;
  }
  return undefined;
}

async function send(d: Delivery) {
  const s = d.settings;
  const proxy = s.string('kafkaRestProxy').replace(/\/+$/, '');
  const topic = d.render(s.string('kafkaTopic'), 'kafkaTopic');
  const record = struct({
    description: d.render(s.text('description', defaultTitle), 'description'),
    client: productName,
    details: d.render(s.text('details', defaultMessage), 'details'),
    alert_state: d.data.Status === 'firing' ? 'alerting' : 'ok',
    client_url: d.ruleUrl,
    incident_key: groupKeyHash(d.data),
  });
  const basicAuth = { user: s.string('username'), password: s.string('password') };

  if (s.text('apiVersion', 'v2') === 'v3') {
    const cluster = d.render(s.string('kafkaClusterId'), 'kafkaClusterId');
    const res = await d.http.send({
      url: `${proxy}/v3/clusters/${encodeURIComponent(cluster)}/topics/${encodeURIComponent(topic)}/records`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: toJson(struct({ value: struct({ type: 'JSON', data: record }) })),
      basicAuth,
    });
    // The v3 API answers 200 per record with its own error code.
    const code = errorCode(res.body);
    if (code !== undefined && (code < 200 || code > 299))
      throw new DeliveryError(`failed to publish message to Kafka. response: ${res.body}`, {
        statusCode: res.status,
      });
    return { statusCode: res.status };
  }

  const res = await d.http.send({
    url: `${proxy}/topics/${encodeURIComponent(topic)}`,
    headers: {
      'Content-Type': 'application/vnd.kafka.json.v2+json',
      Accept: 'application/vnd.kafka.v2+json',
    },
    body: toJson(struct({ records: [struct({ value: record })] })),
    basicAuth,
  });
  return { statusCode: res.status };
}

function errorCode(body: string): number | undefined {
  try {
    const parsed = JSON.parse(body) as { error_code?: unknown };
    return typeof parsed.error_code === 'number' ? parsed.error_code : undefined;
  } catch {
    return undefined;
  }
}

export const kafka: NotifierDefinition = {
  type: 'kafka',
  secure: ['password'],
  templated: ['kafkaTopic', 'kafkaClusterId', 'description', 'details'],
  defaults: { apiVersion: 'v2', description: defaultTitle, details: defaultMessage },
  validate,
  validateUrls: literalUrlCheck('kafkaRestProxy'),
  send,
};
