import type { FastifyRequest } from 'fastify';
import type { Evaluator } from '../../access/evaluator.js';
import type { CatalogRoute } from './route-catalog.js';

/** `{name}` for any property read: what a permission built from the request reads, as a placeholder. */
const placeholders = (prefix: string): Record<string, string> =>
  new Proxy(
    {},
    {
      get: (_target, key) => (typeof key === 'string' ? `{${prefix}${key}}` : undefined),
    },
  );

/** A request whose params, query and body answer placeholders, to render a per-request evaluator. */
const TEMPLATE_REQUEST = {
  params: placeholders(''),
  query: placeholders('query.'),
  body: placeholders('body.'),
  headers: {},
} as unknown as FastifyRequest;

/** `dashboards:read on dashboards:uid:{uid}`; `all of (…)`/`any of (…)` for combinations. */
function evaluatorText(evaluator: Evaluator): string {
  if (evaluator.kind === 'permission') {
    return evaluator.scopes.length === 0
      ? evaluator.action
      : `${evaluator.action} on ${evaluator.scopes.join(' or ')}`;
  }
  return `${evaluator.kind} of (${evaluator.of.map(evaluatorText).join('; ')})`;
}

/** Who may call a route, as one sentence for its OpenAPI description. */
export function accessText(route: CatalogRoute): string {
  const { config } = route;
  if (config.public === true) return 'Access: public (no authentication).';
  const permission = config.permission as Evaluator | ((request: FastifyRequest) => Evaluator) | undefined;
  let text: string;
  if (permission === undefined) {
    text = 'Access: signed in (any authenticated caller).';
  } else {
    let evaluator: Evaluator | undefined;
    try {
      evaluator = typeof permission === 'function' ? permission(TEMPLATE_REQUEST) : permission;
    } catch {
      evaluator = undefined;
    }
    text = evaluator
      ? `Access: permission ${evaluatorText(evaluator)}.`
      : 'Access: a permission computed from the request.';
    if (typeof config.orgParam === 'string') {
      text += ` Evaluated with the caller's role in the org {${config.orgParam}}.`;
    }
    if (config.globalOrg === true) text += ' Evaluated outside any org (server-wide grants only).';
  }
  if (typeof config.usersOnly === 'string') text += ' Users only: service accounts are refused.';
  return text;
}
