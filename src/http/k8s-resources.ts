import { AppError } from './errors.js';

/**
 * Grafana's Kubernetes-style APIs (`/apis/<group>/<version>/namespaces/<ns>/<resource>`): the
 * namespace of an org and the `Status` body its errors are worded in. Shared by every feature
 * that serves such a resource (receivers, inhibition rules).
 */

/** Grafana's namespaces: `default` is org 1, `org-<id>` any other. */
export const namespaceOf = (orgId: number) => (orgId === 1 ? 'default' : `org-${orgId}`);

/** The org a namespace names, or undefined when it names none. */
export function orgOfNamespace(namespace: string): number | undefined {
  if (namespace === 'default') return 1;
  const id = /^org-([1-9]\d{0,15})$/.exec(namespace)?.[1];
  // Grafana compat: org 1 is only ever `default`.
  return id !== undefined && Number(id) > 1 ? Number(id) : undefined;
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
};

/** Runs a handler; its errors as the k8s API server words them: a `Status` that carries the `message`. */
export async function asStatus<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw err.withEnvelope({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      reason: REASONS[err.status] ?? 'Unknown',
      code: err.status,
    });
  }
}
