import { describe, expect, it } from 'vitest';
import {
  allOf,
  anyOf,
  can,
  describeEvaluator,
  evaluate,
  isValidScope,
  mapScopes,
  scopeCovers,
  toPermissionMap,
  type Permission,
} from '../../../src/access/evaluator.js';
import { teamConfigurationAccess } from '../../../src/access/common-evaluators.js';

const held = (...permissions: [string, string?][]) =>
  toPermissionMap(permissions.map(([action, scope = '']): Permission => ({ action, scope })));

describe('isValidScope (Grafana ValidateScope)', () => {
  it.each([
    ['', true],
    ['*', true],
    ['dashboards:*', true],
    ['dashboards:uid:*', true],
    ['dashboards:uid:abc', true],
    ['folders:uid:general', true],
    ['datasources:id:12', true],
    ['settings:auth.saml:*', true],
    ['settings:auth.saml/*', true],
    ['global.users:*', true],
    ['users:self', true],
    ['dashboards*', false],
    ['dashboards:*abc', false],
    ['dashboards:uid:a*b', false],
    ['dashboards:*:*', false],
    ['dash?:x', false],
    ['dashboards:uid:?', false],
    ['**', false],
  ])('%j is valid: %s', (scope, valid) => {
    expect(isValidScope(scope)).toBe(valid);
  });
});

describe('scopeCovers (held scope against target)', () => {
  it.each([
    // wildcards cover everything under their prefix
    ['*', 'dashboards:uid:x', true],
    ['*', '', true],
    ['dashboards:*', 'dashboards:uid:x', true],
    ['dashboards:*', 'dashboards:*', true],
    ['dashboards:*', 'dashboards:uid:*', true],
    ['dashboards:uid:*', 'dashboards:uid:x', true],
    ['dashboards:uid:*', 'dashboards:id:1', false],
    ['dashboards:*', 'folders:uid:x', false],
    ['folders:*', 'folders:uid:general', true],
    // exact scopes only match themselves; targets are never expanded
    ['dashboards:uid:x', 'dashboards:uid:x', true],
    ['dashboards:uid:x', 'dashboards:uid:xy', false],
    ['dashboards:uid:x', 'dashboards:*', false],
    ['dashboards:uid:x', 'dashboards:uid:*', false],
    ['dashboards:uid:x', '*', false],
    // empty and invalid held scopes never match
    ['', '', false],
    ['', 'dashboards:uid:x', false],
    ['dashboards*', 'dashboards:uid:x', false],
    ['dashboards:*abc', 'dashboards:abc', false],
    ['dashboards:uid:a*', 'dashboards:uid:ab', false],
  ])('held %j covers %j: %s', (heldScope, target, covers) => {
    expect(scopeCovers(heldScope, target)).toBe(covers);
  });
});

describe('evaluate', () => {
  const user = held(
    ['dashboards:read', 'dashboards:uid:a'],
    ['dashboards:read', 'folders:uid:f'],
    ['dashboards:write', 'dashboards:*'],
    ['teams:create'],
    ['datasources:query', 'datasources:uid:*'],
    ['users:read', 'dashboards*'],
  );

  it.each([
    ['an action held without target scopes', can('teams:create'), true],
    ['an action held with some scope, no target scopes', can('dashboards:read'), true],
    ['an action not held', can('dashboards:delete'), false],
    ['an action not held, any scope', can('dashboards:delete', 'dashboards:uid:a'), false],
    ['an exact scope', can('dashboards:read', 'dashboards:uid:a'), true],
    ['another uid', can('dashboards:read', 'dashboards:uid:b'), false],
    ['any of the target scopes', can('dashboards:read', 'dashboards:uid:b', 'folders:uid:f'), true],
    ['a wildcard target is not satisfied by specific scopes', can('dashboards:read', 'dashboards:*'), false],
    ['a held wildcard covers a specific target', can('dashboards:write', 'dashboards:uid:zzz'), true],
    ['a held wildcard covers a narrower wildcard', can('dashboards:write', 'dashboards:uid:*'), true],
    ['a held attribute wildcard', can('datasources:query', 'datasources:uid:ds1'), true],
    ['a held attribute wildcard, other attribute', can('datasources:query', 'datasources:id:1'), false],
    ['an invalid held scope matches nothing', can('users:read', 'dashboards:uid:x'), false],
    ['a scopeless action against a scoped target', can('teams:create', 'teams:id:1'), false],
    ['all of, all held', allOf(can('teams:create'), can('dashboards:read', 'dashboards:uid:a')), true],
    ['all of, one missing', allOf(can('teams:create'), can('dashboards:delete')), false],
    ['all of nothing', allOf(), true],
    ['any of, one held', anyOf(can('dashboards:delete'), can('teams:create')), true],
    ['any of, none held', anyOf(can('dashboards:delete'), can('teams:delete')), false],
    ['any of nothing', anyOf(), false],
    [
      'nested',
      anyOf(
        can('teams:delete'),
        allOf(can('teams:create'), anyOf(can('x'), can('dashboards:write', 'dashboards:uid:q'))),
      ),
      true,
    ],
  ])('%s', (_name, evaluator, allowed) => {
    expect(evaluate(user, evaluator)).toBe(allowed);
  });

  it('denies everything to a caller without permissions', () => {
    expect(evaluate(held(), can('dashboards:read'))).toBe(false);
    expect(evaluate(held(), allOf())).toBe(true);
  });

  it('a held `*` covers every scope of that action', () => {
    expect(evaluate(held(['dashboards:read', '*']), can('dashboards:read', 'dashboards:uid:x'))).toBe(true);
    expect(evaluate(held(['dashboards:read', '*']), can('dashboards:read', 'dashboards:*'))).toBe(true);
  });
});

describe('describeEvaluator (403 message text)', () => {
  it.each([
    [can('dashboards:create'), 'dashboards:create'],
    [can('dashboards:read', 'dashboards:uid:x'), 'dashboards:read'],
    [allOf(can('a'), can('b')), 'all of a, b'],
    [anyOf(can('a'), can('b')), 'any of a, b'],
    [
      anyOf(can('teams:create'), allOf(can('teams:read'), can('teams:write'))),
      'any of teams:create, all of teams:read, teams:write',
    ],
  ])('%j -> %s', (evaluator, text) => {
    expect(describeEvaluator(evaluator)).toBe(text);
  });
});

describe('toPermissionMap', () => {
  it('groups scopes by action without duplicates', () => {
    const map = held(['a', 'x:1'], ['a', 'x:1'], ['a', 'x:2'], ['b']);
    expect([...map]).toEqual([
      ['a', ['x:1', 'x:2']],
      ['b', ['']],
    ]);
  });
});

describe('mapScopes (resolution)', () => {
  it('rewrites every target scope, keeping the structure', () => {
    const resolved = mapScopes(
      anyOf(can('dashboards:read', 'dashboards:uid:d'), can('teams:create')),
      (scope) => (scope === 'dashboards:uid:d' ? [scope, 'folders:uid:f'] : [scope]),
    );
    expect(resolved).toEqual(
      anyOf(can('dashboards:read', 'dashboards:uid:d', 'folders:uid:f'), can('teams:create')),
    );
    expect(evaluate(held(['dashboards:read', 'folders:uid:f']), resolved)).toBe(true);
  });
});

describe('team configuration access (SPEC)', () => {
  const cases: [[string, string?][], boolean][] = [
    [[['teams:create']], true],
    [
      [
        ['teams:read', 'teams:*'],
        ['teams:write', 'teams:*'],
      ],
      true,
    ],
    [
      [
        ['teams:read', 'teams:id:1'],
        ['teams.permissions:write', 'teams:id:1'],
      ],
      true,
    ],
    [[['teams:read', 'teams:*']], false],
    [[['teams:write', 'teams:*']], false],
    [
      [
        ['teams:read', 'teams:*'],
        ['teams.permissions:read', 'teams:*'],
      ],
      false,
    ],
    [[], false],
  ];
  it.each(cases)('%j -> %s', (permissions, allowed) => {
    expect(evaluate(held(...permissions), teamConfigurationAccess)).toBe(allowed);
  });
});
