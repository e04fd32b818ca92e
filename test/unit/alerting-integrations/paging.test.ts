import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { signV4 } from '../../../src/features/alerting/integrations/sigv4.js';
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

describe('victorops', () => {
  it('sends CRITICAL when firing and RECOVERY when resolved', async () => {
    const data = firing('victorops');
    const hook = integration(
      'victorops',
      { messageType: 'warning' },
      { secureSettings: { url: `${peer.url}/integrations/generic/x` } },
    );
    await sendIntegration(hook, data, context());
    await sendIntegration(hook, resolved(), context());
    const [fire, recover] = peer.requests;
    expect(fire!.path).toBe('/integrations/generic/x');
    expect(fire!.json).toMatchObject({
      message_type: 'WARNING',
      entity_id: sha256(data.GroupKey),
      entity_display_name: '[FIRING:1] TestAlert Grafana ',
      monitoring_tool: 'svc',
      alert_url: ruleUrl,
    });
    expect(fire!.json.state_message).toContain('**Firing**');
    expect(fire!.json.timestamp).toBeGreaterThan(1_700_000_000);
    expect(recover!.json.message_type).toBe('RECOVERY');
  });
});

describe('sensugo', () => {
  it('posts an event to the namespace with the API key', async () => {
    await sendIntegration(
      integration(
        'sensugo',
        { url: `${peer.url}/`, entity: 'web', check: 'cpu', namespace: 'prod', handler: 'pager' },
        { secureSettings: { apikey: 'AK' } },
      ),
      firing('sensugo'),
      context(),
    );
    const req = peer.requests[0]!;
    expect(req.path).toBe('/api/core/v2/namespaces/prod/events');
    expect(req.headers.authorization).toBe('Key AK');
    expect(req.json).toMatchObject({
      entity: { metadata: { name: 'web', namespace: 'prod' } },
      check: {
        metadata: { name: 'cpu', labels: { ruleURL: ruleUrl } },
        interval: 86400,
        status: 2,
        handlers: ['pager'],
      },
      ruleUrl,
    });
  });

  it('defaults entity, check and namespace, status 0 when resolved', async () => {
    await sendIntegration(integration('sensugo', { url: peer.url, apikey: 'k' }), resolved(), context());
    expect(peer.requests[0]!.path).toBe('/api/core/v2/namespaces/default/events');
    expect(peer.requests[0]!.json).toMatchObject({
      entity: { metadata: { name: 'default' } },
      check: { metadata: { name: 'default' }, status: 0, handlers: null },
    });
  });
});

describe('threema', () => {
  it('posts the simple-mode form', async () => {
    await sendIntegration(
      integration(
        'threema',
        {
          api_url: `${peer.url}/send_simple`,
          gateway_id: '*SVCGWAY',
          recipient_id: 'ECHOECHO',
          title: 'T',
          description: 'D',
        },
        { secureSettings: { api_secret: 'S' } },
      ),
      firing('threema'),
      context(),
    );
    const req = peer.requests[0]!;
    expect(req.path).toBe('/send_simple');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(Object.fromEntries(req.form)).toEqual({
      from: '*SVCGWAY',
      to: 'ECHOECHO',
      secret: 'S',
      text: `\u26A0\uFE0F T\n\n*Message:*\nD\n*URL:* ${ruleUrl}\n`,
    });
  });
});

describe('webex', () => {
  it('posts markdown to the room with the bot token', async () => {
    await sendIntegration(
      integration(
        'webex',
        { api_url: `${peer.url}/v1/messages`, room_id: 'R1', message: '{{ .Status }}!' },
        { secureSettings: { bot_token: 'BT' } },
      ),
      firing('webex'),
      context(),
    );
    const req = peer.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers.authorization).toBe('Bearer BT');
    expect(req.json).toEqual({ roomId: 'R1', markdown: 'firing!' });
  });
});

describe('dingding', () => {
  it('sends a link message by default and an action card on request', async () => {
    await sendIntegration(
      integration(
        'dingding',
        { title: 'T', message: 'M' },
        { secureSettings: { url: `${peer.url}/robot/send?access_token=x` } },
      ),
      firing('dingding'),
      context(),
    );
    await sendIntegration(
      integration('dingding', { url: peer.url, msgType: 'actionCard', title: 'T', message: 'M' }),
      firing('dingding'),
      context(),
    );
    const messageUrl = `dingtalk://dingtalkclient/page/link?pc_slide=false&url=${encodeURIComponent(ruleUrl)}`;
    expect(peer.requests[0]!.path).toBe('/robot/send?access_token=x');
    expect(peer.requests[0]!.json).toEqual({ msgtype: 'link', link: { text: 'M', title: 'T', messageUrl } });
    expect(peer.requests[1]!.json).toEqual({
      msgtype: 'actionCard',
      actionCard: { text: 'M', title: 'T', singleTitle: 'More', singleURL: messageUrl },
    });
  });
});

describe('LINE', () => {
  it('posts the notify form with the token', async () => {
    await sendIntegration(
      integration(
        'line',
        { api_url: `${peer.url}/api/notify`, description: 'D' },
        { secureSettings: { token: 'LT' } },
      ),
      firing('LINE'),
      context(),
    );
    const req = peer.requests[0]!;
    expect(req.path).toBe('/api/notify');
    expect(req.headers.authorization).toBe('Bearer LT');
    expect(req.form).toEqual([['message', `[FIRING:1] TestAlert Grafana \n${ruleUrl}\n\nD`]]);
  });
});

describe('wecom', () => {
  it('posts markdown to a group robot webhook', async () => {
    peer.reply({ status: 200, body: { errcode: 0, errmsg: 'ok' } });
    await sendIntegration(
      integration(
        'wecom',
        { title: 'T', message: 'M' },
        { secureSettings: { url: `${peer.url}/cgi-bin/webhook/send?key=k` } },
      ),
      firing('wecom'),
      context(),
    );
    expect(peer.requests[0]!.path).toBe('/cgi-bin/webhook/send?key=k');
    expect(peer.requests[0]!.json).toEqual({ msgtype: 'markdown', markdown: { content: '# T\nM\n' } });
  });

  it('gets an access token and sends through the application API', async () => {
    peer.reply((req) =>
      req.path.startsWith('/cgi-bin/gettoken')
        ? { body: { errcode: 0, access_token: 'AT', expires_in: 7200 } }
        : { body: { errcode: 0, errmsg: 'ok' } },
    );
    const hook = integration(
      'wecom',
      {
        endpointUrl: peer.url,
        agent_id: '1000002',
        corp_id: 'ww1',
        msgtype: 'text',
        title: 'T',
        message: 'M',
      },
      { secureSettings: { secret: 'S' } },
    );
    expect((await sendIntegration(hook, firing('wecom'), context())).ok).toBe(true);
    const [token, message] = peer.requests;
    expect(token!.method).toBe('GET');
    expect(token!.path).toBe('/cgi-bin/gettoken?corpid=ww1&corpsecret=S');
    expect(message!.path).toBe('/cgi-bin/message/send?access_token=AT');
    expect(message!.json).toEqual({
      msgtype: 'text',
      text: { content: 'T\nM\n' },
      agentid: '1000002',
      touser: '@all',
    });

    peer.reply({ status: 200, body: { errcode: 40014, errmsg: 'invalid access_token' } });
    expect(await sendIntegration(hook, firing('wecom'), context())).toMatchObject({
      ok: false,
      error: 'WeCom returned errcode 40014: invalid access_token',
    });
  });
});

describe('jira', () => {
  const settings = (extra: object = {}) => ({
    api_url: `${peer.url}/rest/api/2`,
    project: 'OPS',
    issue_type: 'Bug',
    labels: ['svc', '{{ .Status }}'],
    resolve_transition: 'Done',
    reopen_transition: 'Reopen',
    fields: { customfield_10010: 'x' },
    ...extra,
  });

  it('creates an issue when none carries the group’s dedup label', async () => {
    peer.reply((req) =>
      req.path.endsWith('/search') ? { body: { issues: [] } } : { status: 201, body: { key: 'OPS-1' } },
    );
    const data = firing('jira');
    const result = await sendIntegration(
      integration('jira', settings(), { secureSettings: { api_token: 'JT' } }),
      data,
      context(),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 201 });
    const [search, create] = peer.requests;
    const key = sha256(data.GroupKey);
    expect(search!.path).toBe('/rest/api/2/search');
    expect(search!.headers.authorization).toBe('Bearer JT');
    expect(search!.json).toEqual({
      jql: `project="OPS" and labels="ALERT{${key}}" order by status ASC,resolutiondate DESC`,
      maxResults: 2,
      fields: ['status', 'resolutiondate'],
    });
    expect(create!.method).toBe('POST');
    expect(create!.path).toBe('/rest/api/2/issue');
    expect(create!.json.fields).toMatchObject({
      summary: '[FIRING:1] TestAlert Grafana ',
      project: { key: 'OPS' },
      issuetype: { name: 'Bug' },
      labels: ['svc', 'firing', `ALERT{${key}}`],
      customfield_10010: 'x',
    });
    expect(create!.json.fields.description).toContain('**Firing**');
  });

  it('updates and reopens a resolved issue, resolves it by transition', async () => {
    let done = true;
    peer.reply((req) => {
      if (req.path.endsWith('/search'))
        return {
          body: {
            issues: [
              {
                key: 'OPS-7',
                fields: { status: { statusCategory: { key: done ? 'done' : 'indeterminate' } } },
              },
            ],
          },
        };
      if (req.path.endsWith('/transitions') && req.method === 'GET')
        return {
          body: {
            transitions: [
              { id: '11', name: 'Reopen' },
              { id: '31', name: 'Done' },
            ],
          },
        };
      return { status: 204, body: '' };
    });
    const hook = integration('jira', settings({ user: 'u' }), { secureSettings: { password: 'p' } });
    expect((await sendIntegration(hook, firing('jira'), context())).ok).toBe(true);
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /rest/api/2/search',
      'PUT /rest/api/2/issue/OPS-7',
      'GET /rest/api/2/issue/OPS-7/transitions',
      'POST /rest/api/2/issue/OPS-7/transitions',
    ]);
    expect(peer.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(peer.requests[3]!.json).toEqual({ transition: { id: '11' } });

    peer.requests.length = 0;
    done = false;
    expect((await sendIntegration(hook, resolved(), context())).ok).toBe(true);
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /rest/api/2/search',
      'GET /rest/api/2/issue/OPS-7/transitions',
      'POST /rest/api/2/issue/OPS-7/transitions',
    ]);
    expect(peer.requests[2]!.json).toEqual({ transition: { id: '31' } });
  });

  it('sends descriptions as a document to API v3 and searches a dedup custom field', async () => {
    peer.reply((req) =>
      req.path.endsWith('/search') ? { body: { issues: [] } } : { status: 201, body: {} },
    );
    await sendIntegration(
      integration(
        'jira',
        settings({ api_url: `${peer.url}/rest/api/3`, dedup_key_field: '10001', description: 'D' }),
        { secureSettings: { api_token: 't' } },
      ),
      firing('jira'),
      context(),
    );
    const [search, create] = peer.requests;
    expect(search!.json.jql).toMatch(/^project="OPS" and cf\[10001\]~"[0-9a-f]{64}" order by/);
    expect(create!.json.fields.description).toEqual({
      type: 'doc',
      version: 1,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'D' }] }],
    });
    expect(create!.json.fields.customfield_10001).toMatch(/^[0-9a-f]{64}$/);
    expect(create!.json.fields.labels).toEqual(['svc', 'firing']);
  });
});

describe('sns', () => {
  it('signs with AWS SigV4 (AWS documentation example)', () => {
    // The IAM ListUsers example of the SigV4 documentation.
    const headers = signV4({
      method: 'GET',
      url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: '',
      region: 'us-east-1',
      service: 'iam',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
      now: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers).toEqual({
      'X-Amz-Date': '20150830T123600Z',
      Authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    });
  });

  it('publishes to the topic with a signature the receiver can verify', async () => {
    peer.reply({
      status: 200,
      body: '<PublishResponse><PublishResult><MessageId>1</MessageId></PublishResult></PublishResponse>',
    });
    const result = await sendIntegration(
      integration(
        'sns',
        {
          api_url: `${peer.url}/`,
          topic_arn: 'arn:aws:sns:eu-west-1:123456789012:alerts',
          sigv4: { region: 'eu-west-1' },
          attributes: { team: 'db' },
          message: 'M',
        },
        { secureSettings: { 'sigv4.access_key': 'AKID', 'sigv4.secret_key': 'SECRET' } },
      ),
      firing('sns'),
      context(),
    );
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    const req = peer.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/');
    expect(Object.fromEntries(req.form)).toEqual({
      Action: 'Publish',
      Version: '2010-03-31',
      Message: 'M',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:alerts',
      Subject: '[FIRING:1] TestAlert Grafana',
      'MessageAttributes.entry.1.Name': 'team',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'db',
    });
    // Recompute the signature independently from what arrived.
    const auth = req.headers.authorization as string;
    const match =
      /^AWS4-HMAC-SHA256 Credential=AKID\/(\d{8})\/eu-west-1\/sns\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    expect(match).not.toBeNull();
    const [, day, signedHeaders, signature] = match!;
    const canonicalHeaders = signedHeaders!
      .split(';')
      .map((h) => `${h}:${String(req.headers[h]).trim()}\n`)
      .join('');
    const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(req.rawBody)].join(
      '\n',
    );
    const amzDate = req.headers['x-amz-date'] as string;
    const scope = `${day}/eu-west-1/sns/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const h = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
    const key = h(h(h(h('AWS4SECRET', day!), 'eu-west-1'), 'sns'), 'aws4_request');
    expect(createHmac('sha256', key).update(toSign).digest('hex')).toBe(signature);
  });

  it("falls back to the environment svc started with for credentials and region, never the process's", async () => {
    peer.reply({ status: 200, body: '<PublishResponse/>' });
    const result = await sendIntegration(
      integration('sns', { api_url: `${peer.url}/`, phone_number: '+15555550100' }),
      firing('sns'),
      context({
        env: {
          AWS_ACCESS_KEY_ID: 'ENVKEY',
          AWS_SECRET_ACCESS_KEY: 'ENVSECRET',
          AWS_REGION: 'ap-south-1',
          AWS_SESSION_TOKEN: 'TOK',
        },
      }),
    );
    expect(result).toMatchObject({ ok: true });
    const req = peer.requests[0]!;
    expect(req.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ENVKEY\/\d{8}\/ap-south-1\/sns\/aws4_request, /,
    );
    expect(req.headers['x-amz-security-token']).toBe('TOK');
    // Without keys in settings or in svc's environment nothing is sent, whatever process.env holds.
    process.env.AWS_ACCESS_KEY_ID = 'PROCESSKEY';
    process.env.AWS_SECRET_ACCESS_KEY = 'PROCESSSECRET';
    const none = await sendIntegration(
      integration('sns', { api_url: `${peer.url}/`, phone_number: '+15555550100' }),
      firing('sns'),
      context({ env: {} }),
    ).finally(() => {
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
    });
    expect(none).toMatchObject({ ok: false, invalidConfig: true });
    expect(none.error).toContain('no AWS credentials');
    expect(peer.requests).toHaveLength(1);
  });

  it('sends SMS without a subject', async () => {
    await sendIntegration(
      integration('sns', {
        api_url: peer.url,
        phone_number: '+15555550100',
        sigv4: { access_key: 'a', secret_key: 's' },
      }),
      firing('sns'),
      context(),
    );
    const form = Object.fromEntries(peer.requests[0]!.form);
    expect(form.PhoneNumber).toBe('+15555550100');
    expect(form.Subject).toBeUndefined();
    expect(peer.requests[0]!.headers.authorization).toMatch(/\/us-east-1\/sns\/aws4_request/);
  });
});
