import { defineError } from '../../http/errors.js';

// Grafana's inhibition rules API (notifications.alerting.grafana.app): its errors, with k8s-style
// bodies added by inhibition-rules.routes.ts.

const RESOURCE = 'inhibitionrules.notifications.alerting.grafana.app';

const invalidKind = defineError(
  400,
  'alerting.notifications.inhibition-rules.invalid',
  'invalid inhibition rule',
);
/** A spec or name that fails validation; `field` is the k8s path of the offending field. */
export const inhibitionRuleInvalid = (message: string, field: string) =>
  invalidKind(`${RESOURCE} is invalid: ${field}: ${message}`, {
    details: {
      group: 'notifications.alerting.grafana.app',
      kind: 'inhibitionrules',
      causes: [{ reason: 'FieldValueInvalid', message, field }],
    },
  });

const badRequestKind = defineError(400, 'alerting.notifications.inhibition-rules.bad-request', 'bad request');
export const inhibitionRuleBadRequest = (message: string) => badRequestKind(message);

const notFoundKind = defineError(
  404,
  'alerting.notifications.inhibition-rules.not-found',
  `${RESOURCE} not found`,
);
export const inhibitionRuleNotFound = (name: string) => notFoundKind(`${RESOURCE} "${name}" not found`);

const existsKind = defineError(
  409,
  'alerting.notifications.inhibition-rules.exists',
  `${RESOURCE} already exists`,
);
export const inhibitionRuleExists = (name: string) => existsKind(`${RESOURCE} "${name}" already exists`);

const conflictKind = defineError(
  409,
  'alerting.notifications.inhibition-rules.conflict',
  'the object has been modified',
);
export const inhibitionRuleConflict = (name: string) =>
  conflictKind(
    `Operation cannot be fulfilled on ${RESOURCE} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
  );

const namespaceNotFoundKind = defineError(
  404,
  'alerting.notifications.inhibition-rules.namespace-not-found',
  'namespace not found',
);
export const inhibitionNamespaceNotFound = (namespace: string) =>
  namespaceNotFoundKind(`namespaces "${namespace}" not found`);

const namespaceForbiddenKind = defineError(
  403,
  'alerting.notifications.inhibition-rules.namespace-forbidden',
  'namespace forbidden',
);
export const inhibitionNamespaceForbidden = (namespace: string) =>
  namespaceForbiddenKind(
    `${RESOURCE} is forbidden: namespace "${namespace}" is not the caller's organization`,
  );
