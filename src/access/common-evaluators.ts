import { allOf, anyOf, can } from './evaluator.js';

/**
 * SPEC's team configuration access (Grafana's TeamsAccessEvaluator, which SPEC narrows by leaving
 * out `teams.permissions:read`): `teams:create`, or `teams:read` with `teams:write` or
 * `teams.permissions:write`.
 */
export const teamConfigurationAccess = anyOf(
  can('teams:create'),
  allOf(can('teams:read'), anyOf(can('teams:write'), can('teams.permissions:write'))),
);
