import { defineError } from '../../http/errors.js';

/** Grafana's provisioning validation error: `invalid object specification: <detail>`. */
export const invalidObject = (detail: string) =>
  defineError(400, 'alerting.provisioning.invalidObject', `invalid object specification: ${detail}`)();

export const contactPointNotFound = (uid: string) =>
  defineError(
    404,
    'alerting.notifications.contact-points.notFound',
    `object not found: contact point with uid '${uid}' not found`,
  )();

export const contactPointUidInUse = (uid: string, name: string) =>
  defineError(
    409,
    'alerting.notifications.contact-points.uidInUse',
    `Receiver configuration with UID '${uid}' already exists in contact point '${name}'. Please use unique identifiers for receivers across all contact points.`,
  )();

/** SPEC: a contact point name is unique within the organization (ignoring case). */
export const contactPointNameTaken = (name: string) =>
  defineError(
    409,
    'alerting.notifications.receivers.exists',
    `A contact point named '${name}' already exists. Use a different name or update the existing one.`,
  )();

export const contactPointReferenced = defineError(
  409,
  'alerting.notifications.contact-points.referenced',
  'Contact point is currently referenced by a notification policy.',
);

/** Grafana's rule: a stored provenance other than none changes only to itself. */
export const provenanceChange = (from: string, to: string) =>
  defineError(
    409,
    'alerting.provisioning.provenanceChange',
    `cannot change provenance from '${from}' to '${to || 'none'}'`,
  )();

export const templateNotFound = defineError(
  404,
  'alerting.notifications.templates.notFound',
  'template not found',
);
export const templateInvalid = (detail: string) =>
  defineError(
    400,
    'alerting.notifications.templates.invalidFormat',
    `Template is in invalid format. Correct the payload and try again: ${detail}`,
  )();

export const templateVersionConflict = (given: string, name: string, current: string) =>
  defineError(
    409,
    'alerting.notifications.templates.conflict',
    `provided version ${given} of template ${name} does not match current version ${current}`,
  )();

export const unknownReceiver = (uid: string) =>
  defineError(400, 'alerting.notifications.receivers.unknown', `unknown receiver: ${uid}`)();

export const badTimeout = (message: string) => defineError(400, undefined, message)();

export const decryptNotAllowed = defineError(
  403,
  'alerting.notifications.secrets.forbidden',
  'You do not have permission to read the secrets of these contact points',
);

// Grafana's receivers API (notifications.alerting.grafana.app): its errors, with k8s-style bodies
// added by receivers-api.routes.ts.

export const receiverInvalid = (reason: string, extra?: Record<string, unknown>) =>
  defineError(
    400,
    'alerting.notifications.receivers.invalid',
    `Invalid receiver: '${reason}'`,
  )(undefined, extra);

export const receiverNotFound = (uid: string) =>
  defineError(
    404,
    'alerting.notifications.receivers.notFound',
    `receivers.notifications.alerting.grafana.app "${uid}" not found`,
  )();

export const receiverInUse = defineError(
  409,
  'alerting.notifications.receivers.used',
  'Receiver is used by one or more routes',
);

export const receiverVersionConflict = (given: string, name: string, current: string) =>
  defineError(
    409,
    'alerting.notifications.receivers.conflict',
    `Provided version '${given}' of receiver '${name}' does not match current version '${current}'`,
  )();

export const badReceiverRequest = (message: string) => defineError(400, undefined, message)();

export const namespaceNotFound = (namespace: string) =>
  defineError(404, undefined, `namespaces "${namespace}" not found`)();

export const namespaceForbidden = (namespace: string) =>
  defineError(
    403,
    undefined,
    `receivers.notifications.alerting.grafana.app is forbidden: namespace "${namespace}" is not the caller's organization`,
  )();
