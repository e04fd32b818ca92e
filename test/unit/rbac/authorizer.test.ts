import { describe, expect, it } from 'vitest';
import { can, toPermissionMap, type Permission } from '../../../src/access/evaluator.js';
import { createAuthorizer } from '../../../src/access/authorizer.js';
import type { Identity } from '../../../src/access/identity.js';
import type { Metrics } from '../../../src/http/metrics.js';

const metrics = {
  accessEvaluations: { inc: () => undefined },
  accessEvaluationDuration: { startTimer: () => () => undefined },
} as unknown as Metrics;

const identity = (): Identity => ({
  kind: 'user',
  userId: 7,
  uid: 'u7',
  login: 'u',
  email: 'u@example.com',
  name: 'U',
  orgId: 1,
  orgRole: 'Viewer',
  isServerAdmin: false,
  authMethod: 'basic',
});

function authorizerWith(permissions: Permission[], options: { cached?: boolean } = {}) {
  let loads = 0;
  const authorizer = createAuthorizer({
    permissions: {
      permissionsOf: () => {
        loads += 1;
        return Promise.resolve(toPermissionMap(permissions));
      },
      cachedPermissionsOf: () => (options.cached ? toPermissionMap(permissions) : undefined),
      indexedPrefix: 'dashboards:uid:',
      actionsOn: () => Promise.resolve(new Set<string>()),
      indexedGrantsOf: () => Promise.resolve([]),
    },
    metrics,
  });
  return { authorizer, loads: () => loads };
}

describe('authorizer', () => {
  it('loads a caller’s permissions once per identity object (one per request)', async () => {
    const { authorizer, loads } = authorizerWith([{ action: 'teams:read', scope: 'teams:*' }]);
    const caller = identity();
    expect(await authorizer.can(caller, can('teams:read', 'teams:id:1'))).toBe(true);
    expect(await authorizer.can(caller, can('teams:write', 'teams:id:1'))).toBe(false);
    expect(loads()).toBe(1);
    await authorizer.can(identity(), can('teams:read'));
    expect(loads()).toBe(2);
    await authorizer.permissionsOf(caller, { reload: true });
    expect(loads()).toBe(3);
  });

  it('tries raw scopes first, then resolved ones; `users:self` is the caller', async () => {
    const { authorizer } = authorizerWith([
      { action: 'users:read', scope: 'users:id:7' },
      { action: 'dashboards:read', scope: 'folders:uid:parent' },
    ]);
    expect(await authorizer.can(identity(), can('users:read', 'users:self'))).toBe(true);
    expect(await authorizer.can({ ...identity(), userId: 8 }, can('users:read', 'users:self'))).toBe(false);

    expect(await authorizer.can(identity(), can('dashboards:read', 'dashboards:uid:d'))).toBe(false);
    authorizer.addScopeResolver('dashboards:uid:', (scope) =>
      Promise.resolve(scope === 'dashboards:uid:d' ? ['folders:uid:child', 'folders:uid:parent'] : []),
    );
    expect(await authorizer.can(identity(), can('dashboards:read', 'dashboards:uid:d'))).toBe(true);
    expect(await authorizer.can(identity(), can('dashboards:read', 'dashboards:uid:e'))).toBe(false);
  });

  it('grants without a promise only what cached permissions grant as given', () => {
    const held = [
      { action: 'teams:read', scope: 'teams:*' },
      { action: 'dashboards:read', scope: 'folders:uid:parent' },
    ];
    const { authorizer } = authorizerWith(held, { cached: true });
    expect(authorizer.grantedNow(identity(), can('teams:read', 'teams:id:1'))).toBe(true);
    expect(authorizer.grantedNow(identity(), can('teams:write', 'teams:id:1'))).toBeUndefined();
    // only a resolved scope (the dashboard's folder) could grant it: `can` must answer
    authorizer.addScopeResolver('dashboards:uid:', () => Promise.resolve(['folders:uid:parent']));
    expect(authorizer.grantedNow(identity(), can('dashboards:read', 'dashboards:uid:d'))).toBeUndefined();
    const { authorizer: uncached } = authorizerWith(held);
    expect(uncached.grantedNow(identity(), can('teams:read', 'teams:id:1'))).toBeUndefined();
  });

  it('denies with Grafana’s 403 body', async () => {
    const { authorizer } = authorizerWith([]);
    const error = await authorizer.authorize(identity(), can('teams:create')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403 });
    expect((error as { body(): unknown }).body()).toEqual({
      accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
      title: 'Access denied',
      message: "You'll need additional permissions to perform this action. Permissions needed: teams:create",
    });
  });
});
