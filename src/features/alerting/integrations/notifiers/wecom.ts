/**
 * WeCom: a group robot webhook (`url`), or the application API (`corp_id` + `secret` fetch an
 * access token, then `agent_id` sends to `touser`).
 */

import { DeliveryError } from '../errors.js';
import { toJson } from '../json.js';
import {
  defaultMessage,
  defaultTitle,
  joinUrl,
  literalUrlCheck,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import type { Settings } from '../settings.js';

const wecomApiUrl = 'https://qyapi.weixin.qq.com';

function validate(s: Settings): string | undefined {
  if (s.string('url') !== '') return undefined;
  if (s.string('secret') === '') return 'either url or secret is required';
  if (s.string('agent_id') === '') return 'could not find AgentID in settings';
  if (s.string('corp_id') === '') return 'could not find CorpID in settings';
  return undefined;
}

function validateUrls(s: Settings): string | undefined {
  return literalUrlCheck('url')(s) ?? literalUrlCheck('endpointUrl')(s);
}

async function send(d: Delivery) {
  const s = d.settings;
  const msgType = s.text('msgtype', 'markdown');
  const title = d.render(s.text('title', defaultTitle), 'title');
  const message = d.render(s.text('message', defaultMessage), 'message');
  const content = msgType === 'markdown' ? `# ${title}\n${message}\n` : `${title}\n${message}\n`;
  const body: Record<string, unknown> = { msgtype: msgType, [msgType]: { content } };

  let url = s.string('url');
  if (url === '') {
    const endpoint = s.text('endpointUrl', wecomApiUrl);
    const token = await accessToken(d, endpoint);
    body.agentid = s.string('agent_id');
    body.touser = d.render(s.text('touser', '@all'), 'touser');
    url = `${joinUrl(endpoint, '/cgi-bin/message/send')}?access_token=${encodeURIComponent(token)}`;
  }
  const res = await d.http.send({ url, headers: { 'Content-Type': 'application/json' }, body: toJson(body) });
  const answer = parse(res.body);
  if (answer.errcode !== undefined && answer.errcode !== 0)
    throw new DeliveryError(`failed to send notification to WeCom: ${answer.errmsg ?? ''}`, {
      statusCode: res.status,
    });
  return { statusCode: res.status };
}

async function accessToken(d: Delivery, endpoint: string): Promise<string> {
  const s = d.settings;
  const query = new URLSearchParams({ corpid: s.string('corp_id'), corpsecret: s.string('secret') });
  const res = await d.http.send({
    url: `${joinUrl(endpoint, '/cgi-bin/gettoken')}?${query.toString()}`,
    method: 'GET',
  });
  const answer = parse(res.body);
  if (answer.errcode !== undefined && answer.errcode !== 0)
    throw new DeliveryError(`WeCom returned errcode ${answer.errcode}: ${answer.errmsg ?? ''}`, {
      statusCode: res.status,
    });
  if (!answer.access_token)
    throw new DeliveryError('WeCom returned no access token', { statusCode: res.status });
  return answer.access_token;
}

function parse(body: string): { errcode?: number; errmsg?: string; access_token?: string } {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    return {
      errcode: typeof value.errcode === 'number' ? value.errcode : undefined,
      errmsg: typeof value.errmsg === 'string' ? value.errmsg : undefined,
      access_token: typeof value.access_token === 'string' ? value.access_token : undefined,
    };
  } catch {
    return {};
  }
}

export const wecom: NotifierDefinition = {
  type: 'wecom',
  secure: ['url', 'secret'],
  templated: ['title', 'message', 'touser'],
  defaults: {
    msgtype: 'markdown',
    title: defaultTitle,
    message: defaultMessage,
    touser: '@all',
    endpointUrl: wecomApiUrl,
  },
  validate,
  validateUrls,
  send,
};
