import { expect } from 'vitest';
import type { TestServer } from './app.js';
import { ADMIN, basic, call, type Caller } from './client.js';

let counter = 0;

interface TestUser {
  id: number;
  uid: string;
  login: string;
  email: string;
  password: string;
  as: Caller;
}

/**
 * A user created through the API as the server admin, with `orgRole` in org 1 (Viewer by
 * default, as [users] auto_assign_org_role gives).
 */
export async function createUser(
  server: TestServer,
  options: {
    login?: string;
    email?: string;
    name?: string;
    password?: string;
    orgRole?: 'Viewer' | 'Editor' | 'Admin';
  } = {},
): Promise<TestUser> {
  counter += 1;
  const login = options.login ?? `user${counter}`;
  const email = options.email ?? `${login}@example.com`;
  const password = options.password ?? `pw-${login}-secret`;
  const created = await call(server, 'POST', '/api/admin/users', {
    as: ADMIN,
    body: { login, email, name: options.name ?? `User ${counter}`, password },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as number;
  if (options.orgRole && options.orgRole !== 'Viewer') {
    const patched = await call(server, 'PATCH', `/api/org/users/${id}`, {
      as: ADMIN,
      body: { role: options.orgRole },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  }
  return { id, uid: created.body.uid as string, login, email, password, as: basic(login, password) };
}

/** A second organization created by the server admin (who becomes its Admin). */
export async function createOrg(server: TestServer, name = `Org ${++counter}`): Promise<number> {
  const created = await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.orgId as number;
}

/** Acting in another org than the caller's active one. */
export function inOrg(caller: Caller, orgId: number): Caller {
  return { ...caller, headers: { ...caller.headers, 'X-Grafana-Org-Id': String(orgId) } };
}
