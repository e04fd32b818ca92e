import { randomInt } from 'node:crypto';
import type { Identity } from './identity.js';
import { AppError } from './errors.js';
import { describeEvaluator, evaluate, type Evaluator } from '../features/rbac/evaluator.js';
import type { Metrics } from './metrics.js';
import type { PermissionSource } from '../features/rbac/permissions.service.js';

/**
 * The one place permissions are checked. Routes declare an evaluator; services may call
 * `can()` to filter lists. A denial is Grafana's 403 body.
 */
export function createAuthorizer(deps: { permissions: PermissionSource; metrics: Metrics }) {
  async function can(identity: Identity, evaluator: Evaluator): Promise<boolean> {
    const timer = deps.metrics.accessEvaluationDuration.startTimer();
    deps.metrics.accessEvaluations.inc();
    try {
      return evaluate(await deps.permissions.permissionsOf(identity), evaluator);
    } finally {
      timer();
    }
  }

  return {
    can,
    async authorize(identity: Identity, evaluator: Evaluator): Promise<void> {
      if (!(await can(identity, evaluator))) throw accessDenied(evaluator);
    },
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;

export function accessDenied(evaluator: Evaluator): AppError {
  return new AppError(
    403,
    `You'll need additional permissions to perform this action. Permissions needed: ${describeEvaluator(evaluator)}`,
    undefined,
    { accessErrorId: `ACE${String(randomInt(1_000_000_000, 10_000_000_000))}`, title: 'Access denied' },
  );
}
