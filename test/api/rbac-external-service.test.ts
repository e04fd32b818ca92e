import { describe, expect, it } from 'vitest';
import { createExternalServiceRoles } from '../../src/features/rbac/external-service-roles.js';
import { systemClock } from '../../src/lib/clock.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, bearer, call } from '../helpers/client.js';

describe('external service roles', () => {
  it('saves a global extsvc: role for a service account, replaces it, and deletes it', async () => {
    const server = await startTestServer({ overrides: { database: { high_availability: 'false' } } });
    const account = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'app', role: 'None' },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const token = await call(server, 'POST', `/api/serviceaccounts/${account.body.id}/tokens`, {
      as: ADMIN,
      body: { name: 't' },
    });
    const app = bearer(token.body.key as string);
    const roles = createExternalServiceRoles({
      db: server.database.db,
      clock: systemClock,
      validatePermissions: true,
    });
    const teams = () => call(server, 'GET', '/api/teams/search', { as: app });
    expect((await teams()).status).toBe(403);

    const saved = await roles.save({
      AssignmentOrgID: 1,
      ExternalServiceID: 'My-App',
      ServiceAccountID: account.body.id,
      Permissions: [{ action: 'teams:read', scope: 'teams:*' }],
    });
    expect(saved).toEqual({ uid: 'extsvc_my_app_permissions', name: 'extsvc:my-app:permissions' });
    expect((await teams()).status).toBe(200);
    const role = await call(server, 'GET', '/api/access-control/roles/extsvc_my_app_permissions', {
      as: ADMIN,
    });
    expect(role.status).toBe(200);
    expect(role.body).toMatchObject({
      name: 'extsvc:my-app:permissions',
      orgId: 0,
      global: true,
      hidden: true,
      version: 1,
    });
    const assigned = await call(
      server,
      'GET',
      `/api/access-control/users/${account.body.id}/roles?includeHidden=true`,
      {
        as: ADMIN,
      },
    );
    expect(assigned.body.map((r: any) => r.uid)).toEqual(['extsvc_my_app_permissions']);

    // Saving again replaces the permissions.
    await roles.save({
      AssignmentOrgID: 1,
      ExternalServiceID: 'My-App',
      ServiceAccountID: account.body.id,
      Permissions: [{ action: 'teams:create', scope: '' }],
    });
    expect((await teams()).status).toBe(403);
    const replaced = await call(server, 'GET', '/api/access-control/roles/extsvc_my_app_permissions', {
      as: ADMIN,
    });
    expect(replaced.body.version).toBe(2);
    expect(replaced.body.permissions.map((p: any) => p.action)).toEqual(['teams:create']);

    await expect(
      roles.save({
        AssignmentOrgID: 1,
        ExternalServiceID: 'x',
        ServiceAccountID: 1,
        Permissions: [{ action: 'nope', scope: '' }],
      }),
    ).rejects.toThrow('unknown action: nope, was not found in the list of valid actions');
    await expect(
      roles.save({ AssignmentOrgID: 1, ExternalServiceID: '', ServiceAccountID: 1, Permissions: [] }),
    ).rejects.toThrow('external service id is invalid');

    await roles.delete('My-App');
    expect(
      (await call(server, 'GET', '/api/access-control/roles/extsvc_my_app_permissions', { as: ADMIN }))
        .status,
    ).toBe(404);
  });
});
