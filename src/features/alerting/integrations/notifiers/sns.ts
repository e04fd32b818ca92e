/** Amazon SNS `Publish` through its query API, signed with SigV4 (static keys or the environment's). */

import { DeliveryError } from '../errors.js';
import {
  defaultMessage,
  defaultTitle,
  literalUrlCheck,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';
import { signV4, type AwsCredentials } from '../sigv4.js';

/** Go's arn.Parse: `arn:partition:service:region:account-id:resource`. */
function isArn(value: string): boolean {
  return value.startsWith('arn:') && value.split(':').length >= 6;
}

function validate(s: Settings): string | undefined {
  const topic = s.string('topic_arn');
  if (topic !== '' && !isArn(topic)) return 'invalid topic ARN provided';
  const target = s.string('target_arn');
  if (target !== '' && !isArn(target)) return 'invalid target ARN provided';
  if (topic === '' && target === '' && s.string('phone_number') === '')
    return 'must specify topicArn, targetArn, or phone number';
  const access = s.string('sigv4.access_key');
  const secret = s.string('sigv4.secret_key');
  if ((access === '') !== (secret === '')) return 'must specify both access key and secret key';
  return undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function region(s: Settings, env: Env): string {
  const configured = s.string('sigv4.region');
  if (configured) return configured;
  const arn = s.string('topic_arn') || s.string('target_arn');
  return arn.split(':')[3] || env.AWS_REGION || 'us-east-1';
}

function credentials(s: Settings, env: Env): AwsCredentials {
  const accessKeyId = s.string('sigv4.access_key') || env.AWS_ACCESS_KEY_ID || '';
  const secretAccessKey = s.string('sigv4.secret_key') || env.AWS_SECRET_ACCESS_KEY || '';
  if (!accessKeyId || !secretAccessKey)
    throw new DeliveryError('no AWS credentials: set sigv4 access_key and secret_key', {
      invalidConfig: true,
    });
  if (s.string('sigv4.role_arn') || s.string('sigv4.profile'))
    throw new DeliveryError('AWS profiles and role assumption are not supported; use an access key', {
      invalidConfig: true,
    });
  return {
    accessKeyId,
    secretAccessKey,
    ...(s.string('sigv4.access_key') ? {} : { sessionToken: env.AWS_SESSION_TOKEN }),
  };
}

async function send(d: Delivery) {
  const s = d.settings;
  const env = d.context.env ?? {};
  const awsRegion = region(s, env);
  const params = new URLSearchParams({ Action: 'Publish', Version: '2010-03-31' });
  params.set('Message', d.render(s.text('message', defaultMessage), 'message'));
  const phone = s.string('phone_number');
  if (s.string('topic_arn')) params.set('TopicArn', s.string('topic_arn'));
  if (s.string('target_arn')) params.set('TargetArn', s.string('target_arn'));
  if (phone) params.set('PhoneNumber', phone);
  // SMS has no subject; SNS refuses newlines and more than 100 characters in one.
  if (!phone)
    params.set(
      'Subject',
      d.render(s.text('subject', defaultTitle), 'subject').replace(/\s+/g, ' ').trim().slice(0, 100),
    );
  Object.entries(s.map('attributes')).forEach(([name, value], i) => {
    params.set(`MessageAttributes.entry.${i + 1}.Name`, name);
    params.set(`MessageAttributes.entry.${i + 1}.Value.DataType`, 'String');
    params.set(`MessageAttributes.entry.${i + 1}.Value.StringValue`, value);
  });
  const body = params.toString().replace(/\+/g, '%20');
  const url = new URL(s.text('api_url', `https://sns.${awsRegion}.amazonaws.com/`));
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' };
  const signed = signV4({
    method: 'POST',
    url,
    headers,
    body,
    region: awsRegion,
    service: 'sns',
    credentials: credentials(s, env),
  });
  const res = await d.http.send({ url: url.toString(), headers: { ...headers, ...signed }, body });
  return { statusCode: res.status };
}

export const sns: NotifierDefinition = {
  type: 'sns',
  secure: ['sigv4.access_key', 'sigv4.secret_key'],
  templated: ['subject', 'message'],
  defaults: { subject: defaultTitle, message: defaultMessage },
  validate,
  validateUrls: literalUrlCheck('api_url'),
  send,
};
