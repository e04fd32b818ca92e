import { afterEach, describe, expect, it } from 'vitest';
import { compileRule, inhibitedBy } from '../../src/features/alert-inhibition/inhibition-rule.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import {
  ALERTS,
  bodies,
  closeWebhookPeers,
  contactPoint,
  iso,
  leader,
  MIN,
  policies,
  postAlerts,
  SEC,
  summary,
  T0,
  webhookPeer,
} from '../helpers/alert-dispatch.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

// Grafana's `inhibitionrules` resource (notifications.alerting.grafana.app/v0alpha1) and the
// inhibit stage of the dispatcher: a firing source alert mutes matching targets with equal labels.

afterEach(closeWebhookPeers);

const GROUP = 'notifications.alerting.grafana.app';
const base = (namespace = 'default') => `/apis/${GROUP}/v0alpha1/namespaces/${namespace}/inhibitionrules`;

interface Matcher {
  type: string;
  label: string;
  value: string;
}
interface Spec {
  source_matchers?: Matcher[];
  target_matchers?: Matcher[];
  equal?: string[];
}
interface InhibitionRule {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    resourceVersion: string;
    annotations: Record<string, string>;
  };
  spec: Spec;
}

const eq = (label: string, value: string): Matcher => ({ type: '=', label, value });
const SPEC: Spec = {
  source_matchers: [eq('alertname', 'NodeDown')],
  target_matchers: [eq('alertname', 'ServiceDown')],
  equal: ['instance'],
};
const body = (name: string | undefined, spec: Spec = SPEC, metadata: Record<string, unknown> = {}) => ({
  apiVersion: `${GROUP}/v0alpha1`,
  kind: 'InhibitionRule',
  metadata: { ...(name === undefined ? {} : { name }), ...metadata },
  spec,
});

async function createRule(
  server: TestServer,
  name: string,
  spec: Spec = SPEC,
  as: Caller = ADMIN,
  namespace = 'default',
): Promise<InhibitionRule> {
  const res = await call<InhibitionRule>(server, 'POST', base(namespace), { as, body: body(name, spec) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('inhibition rules API', () => {
  it('creates, lists, reads, replaces and deletes a rule in the k8s shape', async () => {
    const server = await startTestServer();
    const empty = await call(server, 'GET', base(), { as: ADMIN });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      apiVersion: `${GROUP}/v0alpha1`,
      kind: 'InhibitionRuleList',
      metadata: {},
      items: [],
    });

    const created = await createRule(server, 'node-down');
    expect(created).toMatchObject({
      apiVersion: `${GROUP}/v0alpha1`,
      kind: 'InhibitionRule',
      metadata: {
        name: 'node-down',
        namespace: 'default',
        annotations: { 'grafana.com/provenance': 'none' },
      },
      spec: SPEC,
    });
    expect(created.metadata.resourceVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);

    const other = await createRule(server, 'another', {
      source_matchers: [{ type: '=~', label: 'severity', value: 'crit.*' }],
      target_matchers: [{ type: '!=', label: 'severity', value: 'critical' }],
    });
    // Grafana leaves an empty `equal` out of the spec
    expect(other.spec).toEqual({
      source_matchers: [{ type: '=~', label: 'severity', value: 'crit.*' }],
      target_matchers: [{ type: '!=', label: 'severity', value: 'critical' }],
    });

    const listed = await call<{ items: InhibitionRule[] }>(server, 'GET', base(), { as: ADMIN });
    expect(listed.body.items.map((r) => r.metadata.name)).toEqual(['another', 'node-down']);
    expect(listed.body.items[1]).toEqual(created);

    const read = await call<InhibitionRule>(server, 'GET', `${base()}/node-down`, { as: ADMIN });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);

    // replace: same name and uid, new spec and resourceVersion
    const spec2: Spec = { ...SPEC, equal: ['instance', 'cluster'] };
    const replaced = await call<InhibitionRule>(server, 'PUT', `${base()}/node-down`, {
      as: ADMIN,
      body: body('node-down', spec2, { resourceVersion: created.metadata.resourceVersion }),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.spec).toEqual(spec2);
    expect(replaced.body.metadata.uid).toBe(created.metadata.uid);
    expect(replaced.body.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);
    expect((await call(server, 'GET', `${base()}/node-down`, { as: ADMIN })).body).toEqual(replaced.body);

    // a write carrying the old version is refused; one without a version replaces
    const stale = await call(server, 'PUT', `${base()}/node-down`, {
      as: ADMIN,
      body: body('node-down', SPEC, { resourceVersion: created.metadata.resourceVersion }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Conflict', code: 409 });
    expect(stale.body.message).toContain('the object has been modified');
    const unversioned = await call<InhibitionRule>(server, 'PUT', `${base()}/node-down`, {
      as: ADMIN,
      body: body(undefined, SPEC),
    });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.spec).toEqual(SPEC);
    // the same spec is the same version (a digest of the spec, as Grafana's fingerprint)
    expect(unversioned.body.metadata.resourceVersion).toBe(created.metadata.resourceVersion);

    const renamed = await call(server, 'PUT', `${base()}/node-down`, {
      as: ADMIN,
      body: body('other', SPEC),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(
      'the name of the object (other) does not match the name on the URL (node-down)',
    );
    const missingPut = await call(server, 'PUT', `${base()}/nope`, { as: ADMIN, body: body('nope') });
    expect(missingPut.status).toBe(404);

    const deleted = await call<InhibitionRule>(server, 'DELETE', `${base()}/node-down`, { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body.metadata.name).toBe('node-down');
    const gone = await call(server, 'GET', `${base()}/node-down`, { as: ADMIN });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      kind: 'Status',
      reason: 'NotFound',
      code: 404,
      message: `inhibitionrules.${GROUP} "node-down" not found`,
    });
    expect((await call(server, 'DELETE', `${base()}/node-down`, { as: ADMIN })).status).toBe(404);
    const left = await call<{ items: InhibitionRule[] }>(server, 'GET', base(), { as: ADMIN });
    expect(left.body.items.map((r) => r.metadata.name)).toEqual(['another']);
  });

  it('refuses a taken name with 409, also when many create it at once', async () => {
    const server = await startTestServer();
    await createRule(server, 'dup');
    const again = await call(server, 'POST', base(), { as: ADMIN, body: body('dup') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      kind: 'Status',
      reason: 'Conflict',
      message: `inhibitionrules.${GROUP} "dup" already exists`,
    });

    const racers = await Promise.all(
      Array.from({ length: 8 }, () => call(server, 'POST', base(), { as: ADMIN, body: body('raced') })),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await call<{ items: InhibitionRule[] }>(server, 'GET', base(), { as: ADMIN });
    expect(listed.body.items.map((r) => r.metadata.name)).toEqual(['dup', 'raced']);
  });

  it('validates the name and the spec, naming the field', async () => {
    const server = await startTestServer();
    const cases: [string, ReturnType<typeof body>, string, string][] = [
      ['no name', body(undefined), 'metadata.name', 'name or generateName is required'],
      [
        'bad name',
        body('Not_A-Name'),
        'metadata.name',
        'Invalid value: "Not_A-Name": a lowercase RFC 1123 subdomain',
      ],
      [
        'no source',
        body('x', { ...SPEC, source_matchers: [] }),
        'spec.source_matchers',
        'inhibition rule must have at least one source matcher',
      ],
      [
        'source left out',
        body('x', { target_matchers: SPEC.target_matchers }),
        'spec.source_matchers',
        'inhibition rule must have at least one source matcher',
      ],
      [
        'no target',
        body('x', { source_matchers: SPEC.source_matchers }),
        'spec.target_matchers',
        'inhibition rule must have at least one target matcher',
      ],
      [
        'bad type',
        body('x', { ...SPEC, target_matchers: [eq('a', 'b'), { type: '==', label: 'a', value: 'b' }] }),
        'spec.target_matchers[1].type',
        'Unsupported value: "=="',
      ],
      [
        'bad regex',
        body('x', { ...SPEC, source_matchers: [{ type: '=~', label: 'job', value: '(unclosed' }] }),
        'spec.source_matchers[0].value',
        'invalid regular expression "(unclosed"',
      ],
      [
        'empty label',
        body('x', { ...SPEC, source_matchers: [eq('', 'v')] }),
        'spec.source_matchers[0].label',
        'invalid label name ""',
      ],
      [
        'bad equal label',
        body('x', { ...SPEC, equal: ['instance', ''] }),
        'spec.equal[1]',
        'invalid label name "" in equal list',
      ],
    ];
    for (const [name, request, field, message] of cases) {
      const res = await call(server, 'POST', base(), { as: ADMIN, body: request });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
      expect(res.body.message, name).toContain(`${field}: ${message}`);
      expect(res.body.details.causes[0].field, name).toBe(field);
    }
    // the same checks on replace
    await createRule(server, 'valid');
    const badPut = await call(server, 'PUT', `${base()}/valid`, {
      as: ADMIN,
      body: body('valid', { ...SPEC, target_matchers: [] }),
    });
    expect(badPut.status).toBe(400);
    expect(badPut.body.details.causes[0].field).toBe('spec.target_matchers');

    // bounded strings: the schema refuses what no column or sane rule holds
    const long = await call(server, 'POST', base(), { as: ADMIN, body: body('a'.repeat(191)) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('metadata.name');
    const namespaceMismatch = await call(server, 'POST', base(), {
      as: ADMIN,
      body: body('y', SPEC, { namespace: 'org-7' }),
    });
    expect(namespaceMismatch.status).toBe(400);
    const listed = await call<{ items: InhibitionRule[] }>(server, 'GET', base(), { as: ADMIN });
    expect(listed.body.items.map((r) => r.metadata.name)).toEqual(['valid']);
  });

  it('keeps organizations apart: namespaces map to orgs, another org’s is 403, an unknown one 404', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const inOrg2 = inOrg(ADMIN, org2);
    const created = await createRule(server, 'shared-name', SPEC, inOrg2, `org-${org2}`);
    expect(created.metadata.namespace).toBe(`org-${org2}`);
    // the same name is free in org 1, with its own spec
    await createRule(server, 'shared-name', { ...SPEC, equal: ['cluster'] });

    const in2 = await call<InhibitionRule>(server, 'GET', `${base(`org-${org2}`)}/shared-name`, {
      as: inOrg2,
    });
    expect(in2.body.spec.equal).toEqual(['instance']);
    const in1 = await call<InhibitionRule>(server, 'GET', `${base()}/shared-name`, { as: ADMIN });
    expect(in1.body.spec.equal).toEqual(['cluster']);

    const specsIn = async (namespace: string, as: Caller) =>
      (await call<{ items: InhibitionRule[] }>(server, 'GET', base(namespace), { as })).body.items.map(
        (r) => `${r.metadata.namespace}/${r.metadata.name}:${r.spec.equal?.join()}`,
      );
    expect(await specsIn(`org-${org2}`, inOrg2)).toEqual([`org-${org2}/shared-name:instance`]);
    expect(await specsIn('default', ADMIN)).toEqual(['default/shared-name:cluster']);

    const forbidden = await call(server, 'GET', base(`org-${org2}`), { as: ADMIN });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect((await call(server, 'DELETE', `${base(`org-${org2}`)}/shared-name`, { as: ADMIN })).status).toBe(
      403,
    );
    for (const namespace of ['org-1', 'nope', 'org-0']) {
      const missing = await call(server, 'GET', base(namespace), { as: ADMIN });
      expect(missing.status, namespace).toBe(404);
      expect(missing.body.message).toBe(`namespaces "${namespace}" not found`);
    }
    expect((await call(server, 'DELETE', `${base(`org-${org2}`)}/shared-name`, { as: inOrg2 })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', `${base()}/shared-name`, { as: ADMIN })).status).toBe(200);
  });

  it('checks permissions: Viewers read, Editors write, anonymous callers are refused', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', base())).status).toBe(401);

    const made = await createRule(server, 'by-editor', SPEC, editor.as);
    const url = `${base()}/by-editor`;
    expect((await call(server, 'GET', base(), { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'GET', url, { as: viewer.as })).body).toEqual(made);

    const denied = await call(server, 'POST', base(), { as: viewer.as, body: body('by-viewer') });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('alert.notifications.inhibition-rules:write');
    expect((await call(server, 'PUT', url, { as: viewer.as, body: body('by-editor') })).status).toBe(403);
    expect((await call(server, 'DELETE', url, { as: viewer.as })).status).toBe(403);

    const edited = await call(server, 'PUT', url, {
      as: editor.as,
      body: body('by-editor', { ...SPEC, equal: [] }),
    });
    expect(edited.status).toBe(200);
    expect((await call(server, 'DELETE', url, { as: editor.as })).status).toBe(200);
    expect((await call(server, 'GET', url, { as: viewer.as })).status).toBe(404);
  });
});

describe('inhibition semantics (Alertmanager’s inhibitor)', () => {
  const rule = (spec: Spec) =>
    compileRule({
      name: 'r',
      version: 1,
      spec: { source_matchers: [], target_matchers: [], equal: [], ...spec },
    });
  const alert = (fingerprint: string, labels: Record<string, string>) => ({ fingerprint, labels });

  it('mutes a target by each firing source with equal labels (a missing label equals a missing label)', () => {
    const rules = [rule(SPEC)];
    const sources = [
      alert('s1', { alertname: 'NodeDown', instance: 'a' }),
      alert('s2', { alertname: 'NodeDown', instance: 'b' }),
      alert('s3', { alertname: 'NodeDown' }),
    ];
    expect(inhibitedBy(rules, { alertname: 'ServiceDown', instance: 'a' }, sources)).toEqual(['s1']);
    expect(inhibitedBy(rules, { alertname: 'ServiceDown', instance: 'c' }, sources)).toEqual([]);
    expect(inhibitedBy(rules, { alertname: 'ServiceDown' }, sources)).toEqual(['s3']);
    // not a target: never muted
    expect(inhibitedBy(rules, { alertname: 'Other', instance: 'a' }, sources)).toEqual([]);
  });

  it('ignores sources that also match the target when the target matches the source', () => {
    // severity=~"critical|warning" inhibits severity="warning": two warnings do not mute each other,
    // but a critical mutes a warning
    const rules = [
      rule({
        source_matchers: [{ type: '=~', label: 'severity', value: 'critical|warning' }],
        target_matchers: [eq('severity', 'warning')],
        equal: ['job'],
      }),
    ];
    const warnA = alert('w1', { severity: 'warning', job: 'x', n: '1' });
    const warnB = alert('w2', { severity: 'warning', job: 'x', n: '2' });
    expect(inhibitedBy(rules, warnA.labels, [warnA, warnB])).toEqual([]);
    const crit = alert('c1', { severity: 'critical', job: 'x' });
    expect(inhibitedBy(rules, warnA.labels, [warnA, warnB, crit])).toEqual(['c1']);
  });
});

describe('inhibition in the dispatcher', () => {
  interface Gettable {
    fingerprint: string;
    labels: Record<string, string>;
    status: { state: string; inhibitedBy: string[]; silencedBy: string[] };
  }
  const statusOf = async (server: TestServer, query = '') => {
    const res = await call<Gettable[]>(server, 'GET', `/api/alertmanager/grafana/api/v2/alerts${query}`, {
      as: ADMIN,
    });
    expect(res.status).toBe(200);
    return Object.fromEntries(
      res.body.map((a) => [`${a.labels.alertname}/${a.labels.instance}`, { fp: a.fingerprint, ...a.status }]),
    );
  };

  it('suppresses a target while a source with the same equal labels fires, and sends it once the source resolves', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, {
      receiver: 'hook',
      group_by: ['alertname'],
      group_wait: '30s',
      group_interval: '5m',
      repeat_interval: '4h',
    });
    const until = iso(T0 + 24 * 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'NodeDown', instance: 'a' }, startsAt: iso(T0), endsAt: until },
      { labels: { alertname: 'ServiceDown', instance: 'a' }, startsAt: iso(T0), endsAt: until },
      { labels: { alertname: 'ServiceDown', instance: 'b' }, startsAt: iso(T0), endsAt: until },
    ]);
    // before any rule: nothing is inhibited (and the org's rules are now cached, empty)
    const before = await statusOf(server);
    expect(before['ServiceDown/a']).toMatchObject({ state: 'active', inhibitedBy: [] });

    await createRule(server, 'node-down');
    const during = await statusOf(server);
    const source = during['NodeDown/a']!.fp;
    expect(during['ServiceDown/a']).toMatchObject({
      state: 'suppressed',
      inhibitedBy: [source],
      silencedBy: [],
    });
    expect(during['ServiceDown/b']).toMatchObject({ state: 'active', inhibitedBy: [] });
    expect(during['NodeDown/a']).toMatchObject({ state: 'active', inhibitedBy: [] });
    expect(Object.keys(await statusOf(server, '?inhibited=false')).sort()).toEqual([
      'NodeDown/a',
      'ServiceDown/b',
    ]);
    expect(Object.keys(await statusOf(server, '?active=false'))).toEqual(['ServiceDown/a']);

    const byGroup = (name: string) =>
      bodies(peer)
        .filter((b) => b.groupLabels.alertname === name)
        .map(summary);
    await at(T0);
    await at(T0 + 30 * SEC);
    expect(byGroup('NodeDown')).toEqual(['firing: a=firing']);
    // instance b has another value for the equal label: sent; instance a is inhibited
    expect(byGroup('ServiceDown')).toEqual(['firing: b=firing']);

    // the source resolves: the target goes out with the group's next flush
    await postAlerts(server, [
      { labels: { alertname: 'NodeDown', instance: 'a' }, startsAt: iso(T0), endsAt: iso(T0 + 60 * SEC) },
    ]);
    await at(T0 + 60 * SEC);
    expect((await statusOf(server))['ServiceDown/a']).toMatchObject({ state: 'active', inhibitedBy: [] });
    await at(T0 + 329 * SEC);
    expect(peer.requests).toHaveLength(2);
    await at(T0 + 330 * SEC);
    expect(byGroup('ServiceDown')).toEqual(['firing: b=firing', 'firing: a=firing,b=firing']);
    expect(byGroup('NodeDown')).toEqual(['firing: a=firing', 'resolved: a=resolved']);
  });

  it('follows rule writes at once: a rule created after the first flush inhibits, its delete releases', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, {
      receiver: 'hook',
      group_by: ['alertname', 'instance'],
      group_wait: '10s',
      group_interval: '1m',
      repeat_interval: '4h',
    });
    const until = iso(T0 + 24 * 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'NodeDown', instance: 'a' }, startsAt: iso(T0), endsAt: until },
    ]);
    await at(T0);
    await at(T0 + 10 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: a=firing']);

    // the dispatcher has used the org's (empty) rules; the new rule must reach it
    await createRule(server, 'node-down');
    await postAlerts(server, [
      { labels: { alertname: 'ServiceDown', instance: 'a' }, startsAt: iso(T0 + 20 * SEC), endsAt: until },
    ]);
    await at(T0 + 20 * SEC);
    await at(T0 + 30 * SEC);
    await at(T0 + 90 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: a=firing']);

    expect((await call(server, 'DELETE', `${base()}/node-down`, { as: ADMIN })).status).toBe(200);
    await at(T0 + 150 * SEC);
    expect(bodies(peer).map((b) => `${b.groupLabels.alertname} ${summary(b)}`)).toEqual([
      'NodeDown firing: a=firing',
      'ServiceDown firing: a=firing',
    ]);
    // the alerts API agrees
    const listed = await call<Gettable[]>(server, 'GET', `${ALERTS}?inhibited=false`, { as: ADMIN });
    expect(listed.body).toHaveLength(2);
  });

  it('counts alerts of svc’s rule engine as sources', async () => {
    const { server, clock } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, { receiver: 'hook', group_by: ['alertname'], group_wait: '30s' });
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Rooms' } });
    const ds = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: { name: 'testdata', type: 'testdata', url: 'http://testdata.invalid', access: 'proxy' },
    });
    expect([folder.status, ds.status]).toEqual([200, 200]);
    const folderUid = folder.body.uid as string;
    // a rule over a testdata CSV: the lab is hot (its alert carries room="lab")
    const group = await call(server, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/g`, {
      as: ADMIN,
      body: {
        title: 'g',
        interval: 10,
        rules: [
          {
            uid: 'hot',
            title: 'Hot',
            condition: 'C',
            for: '0s',
            noDataState: 'OK',
            execErrState: 'Error',
            folderUID: folderUid,
            ruleGroup: 'g',
            data: [
              {
                refId: 'A',
                relativeTimeRange: { from: 300, to: 0 },
                datasourceUid: ds.body.datasource.uid as string,
                model: { refId: 'A', scenarioId: 'csv_content', csvContent: 'room,value\nlab,50' },
              },
              {
                refId: 'C',
                relativeTimeRange: { from: 0, to: 0 },
                datasourceUid: '__expr__',
                model: {
                  refId: 'C',
                  type: 'threshold',
                  expression: 'A',
                  conditions: [{ evaluator: { type: 'gt', params: [30] } }],
                },
              },
            ],
          },
        ],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    await createRule(server, 'hot-room', {
      source_matchers: [eq('alertname', 'Hot')],
      target_matchers: [eq('alertname', 'Cooling')],
      equal: ['room'],
    });
    const until = iso(T0 + 24 * 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'Cooling', room: 'lab', instance: 'lab' }, startsAt: iso(T0), endsAt: until },
      { labels: { alertname: 'Cooling', room: 'hall', instance: 'hall' }, startsAt: iso(T0), endsAt: until },
    ]);
    for (let t = T0; t <= T0 + 60 * SEC; t += 10 * SEC) {
      clock.advance(t - clock.now());
      await server.alertScheduler.tick(t);
      await server.alertDispatcher.tick(t);
    }
    const sent = bodies(peer).map((b) => `${b.groupLabels.alertname} ${summary(b)}`);
    expect(sent).toContain('Hot firing: Hot=firing');
    expect(sent).toContain('Cooling firing: hall=firing');
    expect(sent).toHaveLength(2);
  });
});
