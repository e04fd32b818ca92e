import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expandEnv, expandValue } from '../../src/features/alerting/provisioning/expand-values.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestDatabase } from '../helpers/databases.js';

const CP = '/api/v1/provisioning/contact-points';
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A provisioning folder with these files under alerting/. */
function provisioningDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-alerting-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'alerting'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'alerting', name), text);
  return dir;
}

describe('value expansion (Grafana / os.ExpandEnv rules)', () => {
  const env = { TOKEN: 'tok', EMPTY: '' };
  it('expands $VAR, ${VAR}, $__env{VAR}; $$ is a literal dollar', async () => {
    expect(await expandValue('a-$TOKEN-${TOKEN}-$__env{TOKEN}', env)).toBe('a-tok-tok-tok');
    expect(await expandValue('price $$5 and $$TOKEN', env)).toBe('price $5 and $TOKEN');
    expect(await expandValue('$MISSING|${MISSING}', env)).toBe('|');
    expect(expandEnv('cost: $', env)).toBe('cost: $');
    expect(expandEnv('a ${} b', env)).toBe('a  b');
    expect(expandEnv('x $% y', env)).toBe('x $% y');
  });
  it('reads $__file{} trimmed and names a missing file', async () => {
    const dir = provisioningDir({});
    writeFileSync(join(dir, 'secret.txt'), '  from-file\n');
    expect(await expandValue(`$__file{${join(dir, 'secret.txt')}}`, env)).toBe('from-file');
    await expect(expandValue('$__file{/nonexistent/x}', env)).rejects.toThrow(
      "failed to interpolate value '$__file{/nonexistent/x}': got error while expanding expander file:",
    );
  });
});

describe('alerting file provisioning', () => {
  it('applies templates, contact points and policies at start with provenance file', async () => {
    const dir = provisioningDir({
      'a.yaml': `
apiVersion: 1
templates:
  - orgId: 1
    name: prov-tpl
    template: '{{ define "prov.title" }}provisioned{{ end }}'
contactPoints:
  - orgId: 1
    name: prov-cp
    receivers:
      - uid: prov-hook
        type: webhook
        settings:
          url: http://127.0.0.1:9/hook
          username: ops
          password: \${SVC_TEST_ALERTING_PASSWORD}
          title: '{{ template "prov.title" . }}'
          message: 'costs $$5'
        disableResolveMessage: true
policies:
  - orgId: 1
    receiver: prov-cp
    group_by: [alertname]
    routes:
      - receiver: prov-cp
        object_matchers: [[team, '=', ops]]
`,
      'b-broken.yaml': 'apiVersion: 1\ncontactPoints: [ this is: not yaml',
      'c-bad-item.yaml': `
apiVersion: 1
contactPoints:
  - name: missing-uid
    receivers:
      - type: webhook
        settings: { url: http://127.0.0.1:9/ }
`,
    });
    const server = await startTestServer({
      overrides: { paths: { provisioning: dir } },
      env: { SVC_TEST_ALERTING_PASSWORD: 'pw-from-env' },
      // the broken files are logged
      allowServerErrors: true,
    });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);

    const list = await call(server, 'GET', `${CP}?name=prov-cp`, { as: ADMIN });
    expect(list.body).toEqual([
      {
        uid: 'prov-hook',
        name: 'prov-cp',
        type: 'webhook',
        settings: {
          url: 'http://127.0.0.1:9/hook',
          username: 'ops',
          password: '[REDACTED]',
          title: '{{ template "prov.title" . }}',
          message: 'costs $5',
        },
        disableResolveMessage: true,
        provenance: 'file',
      },
    ]);
    const exported = await call(server, 'GET', `${CP}/export?format=json&decrypt=true&name=prov-cp`, {
      as: ADMIN,
    });
    expect(exported.body.contactPoints[0].receivers[0].settings.password).toBe('pw-from-env');
    expect((await call(server, 'GET', `${CP}?name=missing-uid`, { as: ADMIN })).body).toEqual([]);

    const template = await call(server, 'GET', '/api/v1/provisioning/templates/prov-tpl', { as: ADMIN });
    expect(template.body).toMatchObject({ name: 'prov-tpl', provenance: 'file' });
    const policies = await call(server, 'GET', '/api/v1/provisioning/policies', { as: ADMIN });
    expect(policies.body).toEqual({
      receiver: 'prov-cp',
      group_by: ['alertname'],
      routes: [{ receiver: 'prov-cp', object_matchers: [['team', '=', 'ops']] }],
      provenance: 'file',
    });

    // the API refuses to change what files own
    const put = await call(server, 'PUT', `${CP}/prov-hook`, {
      as: ADMIN,
      body: { name: 'prov-cp', type: 'webhook', settings: { url: 'http://127.0.0.1:9/x' } },
    });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe("cannot change provenance from 'file' to 'api'");
    expect((await call(server, 'DELETE', `${CP}/prov-hook`, { as: ADMIN })).status).toBe(409);
    expect(
      (
        await call(server, 'PUT', '/api/v1/provisioning/templates/prov-tpl', {
          as: ADMIN,
          body: { template: 'x' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(server, 'PUT', '/api/v1/provisioning/policies', {
          as: ADMIN,
          body: { receiver: 'prov-cp' },
        })
      ).status,
    ).toBe(409);
  });

  it('provisions a contact point of several receivers under one name, idempotently', async () => {
    const database = await createTestDatabase();
    const file = `
apiVersion: 1
contactPoints:
  - orgId: 1
    name: on-call
    receivers:
      - uid: on-call-hook
        type: webhook
        settings: { url: http://127.0.0.1:9/hook, password: file-secret }
        disableResolveMessage: true
      - uid: on-call-mail
        type: email
        settings: { addresses: oncall@example.com }
`;
    const dir = provisioningDir({ 'multi.yaml': file });
    const expected = [
      {
        uid: 'on-call-hook',
        name: 'on-call',
        type: 'webhook',
        settings: { url: 'http://127.0.0.1:9/hook', password: '[REDACTED]' },
        disableResolveMessage: true,
        provenance: 'file',
      },
      {
        uid: 'on-call-mail',
        name: 'on-call',
        type: 'email',
        settings: { addresses: 'oncall@example.com' },
        disableResolveMessage: false,
        provenance: 'file',
      },
    ];
    const server1 = await startTestServer({ database, overrides: { paths: { provisioning: dir } } });
    expect((await call(server1, 'GET', `${CP}?name=on-call`, { as: ADMIN })).body).toEqual(expected);
    const receiver = await call(
      server1,
      'GET',
      `/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/receivers/${Buffer.from('on-call').toString('base64url')}`,
      { as: ADMIN },
    );
    expect(receiver.body.spec.integrations.map((i: { uid: string }) => i.uid)).toEqual([
      'on-call-hook',
      'on-call-mail',
    ]);
    expect(receiver.body.metadata.annotations['grafana.com/provenance']).toBe('file');
    // the name is the file's: the APIs cannot create another contact point of that name
    const clash = await call(server1, 'POST', CP, {
      as: ADMIN,
      body: { name: 'ON-CALL', type: 'email', settings: { addresses: 'x@example.com' } },
    });
    expect(clash.status).toBe(409);
    await server1.shutdown();

    // the same file again (a restart): nothing changes, nothing fails
    const server2 = await startTestServer({ database, overrides: { paths: { provisioning: dir } } });
    expect((await call(server2, 'GET', `${CP}?name=on-call`, { as: ADMIN })).body).toEqual(expected);
    const exported = await call(server2, 'GET', `${CP}/export?format=json&decrypt=true&name=on-call`, {
      as: ADMIN,
    });
    expect(exported.body.contactPoints).toHaveLength(1);
    expect(exported.body.contactPoints[0].receivers[0].settings.password).toBe('file-secret');
    await server2.shutdown();

    // a third receiver added to the file joins the same contact point
    const grown = provisioningDir({
      'multi.yaml': `${file}      - uid: on-call-hook-2
        type: webhook
        settings: { url: http://127.0.0.1:9/second }
`,
    });
    const server3 = await startTestServer({ database, overrides: { paths: { provisioning: grown } } });
    const after = await call(server3, 'GET', `${CP}?name=on-call`, { as: ADMIN });
    expect(after.body.map((i: { uid: string }) => i.uid)).toEqual([
      'on-call-hook',
      'on-call-hook-2',
      'on-call-mail',
    ]);
    expect((await call(server3, 'GET', CP, { as: ADMIN })).body.map((i: { name: string }) => i.name)).toEqual(
      ['on-call', 'on-call', 'on-call', 'svc-default-email'],
    );
    await server3.shutdown();
    await database.drop();
  });

  it('applies a contact point of a file whole: one bad receiver leaves out all of it', async () => {
    const dir = provisioningDir({
      'bad.yaml': `
contactPoints:
  - name: half
    receivers:
      - { uid: half-ok, type: email, settings: { addresses: a@example.com } }
      - { uid: half-bad, type: webhook, settings: { url: "not a url" } }
`,
    });
    // the bad receiver is logged
    const server = await startTestServer({
      overrides: { paths: { provisioning: dir } },
      allowServerErrors: true,
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await call(server, 'GET', `${CP}?name=half`, { as: ADMIN })).body).toEqual([]);
  });

  it('checks a policy tree of a file like an API body: a wrong type is refused by its path', async () => {
    const dir = provisioningDir({
      'policies.yaml': `
apiVersion: 1
policies:
  - orgId: 1
    receiver: svc-default-email
    routes:
      - group_by: alertname
`,
    });
    const logs = mkdtempSync(join(tmpdir(), 'svc-alerting-logs-'));
    dirs.push(logs);
    const server = await startTestServer({
      overrides: { paths: { provisioning: dir, logs }, log: { mode: 'file', level: 'error' } },
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // the tree is left as it was: the default one, not provisioned
    expect((await call(server, 'GET', '/api/v1/provisioning/policies', { as: ADMIN })).body).toEqual({
      receiver: 'svc-default-email',
      group_by: ['grafana_folder', 'alertname'],
    });
    expect(readFileSync(join(logs, 'svc.log'), 'utf8')).toContain(
      'invalid object specification: routes[0].group_by: must be array',
    );
  });

  it('deletes contact points and templates named by deleteContactPoints/deleteTemplates', async () => {
    const database = await createTestDatabase();
    const first = provisioningDir({
      'cp.yaml': `
contactPoints:
  - name: temp
    receivers:
      - { uid: temp-1, type: webhook, settings: { url: "http://127.0.0.1:9/" } }
templates:
  - { name: gone, template: "x" }
`,
    });
    const server1 = await startTestServer({ database, overrides: { paths: { provisioning: first } } });
    expect((await call(server1, 'GET', `${CP}?name=temp`, { as: ADMIN })).body).toHaveLength(1);

    const second = provisioningDir({
      'delete.yml': `
apiVersion: 1
deleteContactPoints:
  - { orgId: 1, uid: temp-1 }
deleteTemplates:
  - { orgId: 1, name: gone }
`,
    });
    const server2 = await startTestServer({ database, overrides: { paths: { provisioning: second } } });
    expect((await call(server2, 'GET', `${CP}?name=temp`, { as: ADMIN })).body).toEqual([]);
    expect((await call(server2, 'GET', '/api/v1/provisioning/templates/gone', { as: ADMIN })).status).toBe(
      404,
    );
    await server1.shutdown();
    await server2.shutdown();
    await database.drop();
  });
});
