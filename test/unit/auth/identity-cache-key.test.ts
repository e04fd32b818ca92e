import { describe, expect, it } from 'vitest';
import { createIdentityCache } from '../../../src/features/auth/identity-cache.js';
import type { CacheBus } from '../../../src/store/cache-bus.js';
import type { Database } from '../../../src/store/database.js';

function identityCache() {
  const database = { onTablesChanged: () => undefined } as unknown as Database;
  const bus = {
    coherent: true,
    publish: () => undefined,
    subscribe: () => undefined,
    onResync: () => undefined,
  };
  return createIdentityCache({ database, bus: bus as unknown as CacheBus, clock: { now: () => 0 } });
}

describe('identity cache keys', () => {
  it('reuses a connection’s last key only for the same credentials', () => {
    const cache = identityCache();
    const alice = ['Basic YWxpY2U6c2VjcmV0', undefined, '1', undefined];
    const bob = ['Basic Ym9iOnNlY3JldA==', undefined, '1', undefined];
    const connection = {};
    const aliceKey = cache.keyOf(alice);
    expect(cache.keyOf(alice, connection)).toBe(aliceKey);
    expect(cache.keyOf(alice, connection)).toBe(aliceKey);
    // a proxy that sends another user's request on the same upstream connection
    const bobKey = cache.keyOf(bob, connection);
    expect(bobKey).not.toBe(aliceKey);
    expect(bobKey).toBe(cache.keyOf(bob));
    // another org on the same connection is another identity
    expect(cache.keyOf(['Basic Ym9iOnNlY3JldA==', undefined, '2', undefined], connection)).not.toBe(bobKey);
    // the key is a hash: the credentials are not in it
    expect(aliceKey).not.toContain('YWxpY2U6c2VjcmV0');
  });
});
