import { defineError } from '../../http/errors.js';

/** Grafana's provisioning validation error: `invalid object specification: <detail>`. */
const invalidObjectKind = defineError(
  400,
  'alerting.provisioning.invalid-object',
  'invalid object specification',
);
export const invalidObject = (detail: string) => invalidObjectKind(`invalid object specification: ${detail}`);

const contactPointNotFoundKind = defineError(
  404,
  'alerting.notifications.contact-points.notFound',
  'object not found: contact point not found',
);
export const contactPointNotFound = (uid: string) =>
  contactPointNotFoundKind(`object not found: contact point with uid '${uid}' not found`);

const contactPointUidInUseKind = defineError(
  409,
  'alerting.notifications.contact-points.uidInUse',
  'Receiver configuration with this UID already exists in another contact point',
);
export const contactPointUidInUse = (uid: string, name: string) =>
  contactPointUidInUseKind(
    `Receiver configuration with UID '${uid}' already exists in contact point '${name}'. Please use unique identifiers for receivers across all contact points.`,
  );

/** SPEC: a contact point name is unique within the organization (ignoring case). */
const contactPointNameTakenKind = defineError(
  409,
  'alerting.notifications.receivers.exists',
  'A contact point with this name already exists',
);
export const contactPointNameTaken = (name: string) =>
  contactPointNameTakenKind(
    `A contact point named '${name}' already exists. Use a different name or update the existing one.`,
  );

export const contactPointReferenced = defineError(
  409,
  'alerting.notifications.contact-points.referenced',
  'Contact point is currently referenced by a notification policy.',
);

/** Grafana's rule: a stored provenance other than none changes only to itself. */
const provenanceChangeKind = defineError(
  409,
  'alerting.provisioning.provenance-change',
  'cannot change provenance',
);
export const provenanceChange = (from: string, to: string) =>
  provenanceChangeKind(`cannot change provenance from '${from}' to '${to || 'none'}'`);

export const templateNotFound = defineError(
  404,
  'alerting.notifications.templates.notFound',
  'template not found',
);
const templateInvalidKind = defineError(
  400,
  'alerting.notifications.templates.invalidFormat',
  'Template is in invalid format. Correct the payload and try again.',
);
export const templateInvalid = (detail: string) =>
  templateInvalidKind(`Template is in invalid format. Correct the payload and try again: ${detail}`);

const templateVersionConflictKind = defineError(
  409,
  'alerting.notifications.templates.conflict',
  'provided version of template does not match current version',
);
export const templateVersionConflict = (given: string, name: string, current: string) =>
  templateVersionConflictKind(
    `provided version ${given} of template ${name} does not match current version ${current}`,
  );

const unknownReceiverKind = defineError(400, 'alerting.notifications.receivers.unknown', 'unknown receiver');
export const unknownReceiver = (uid: string) => unknownReceiverKind(`unknown receiver: ${uid}`);

/** A bad `Request-Timeout` header on a contact point test, worded as Grafana's parser words it. */
const badTimeoutKind = defineError(
  400,
  'alerting.notifications.receivers.invalid-timeout',
  'invalid timeout',
);
export const badTimeout = (message: string) => badTimeoutKind(message);

export const noReceiversToTest = defineError(
  400,
  'alerting.notifications.receivers.nothing-to-test',
  'no receivers with integrations to test',
);

/** A history or status time parameter that is neither epoch milliseconds nor an ISO date. */
const badTimeKind = defineError(400, 'alerting.notifications.invalid-time', 'invalid time');
export const badTime = (name: string) =>
  badTimeKind(`invalid ${name}: use epoch milliseconds or an ISO date`);

// Grafana's receivers API (notifications.alerting.grafana.app): its errors, with k8s-style bodies
// added by receivers-api.routes.ts.

const receiverInvalidKind = defineError(400, 'alerting.notifications.receivers.invalid', 'Invalid receiver');
export const receiverInvalid = (reason: string, extra?: Record<string, unknown>) =>
  receiverInvalidKind(`Invalid receiver: '${reason}'`, extra);

const receiverNotFoundKind = defineError(
  404,
  'alerting.notifications.receivers.notFound',
  'receivers.notifications.alerting.grafana.app not found',
);
export const receiverNotFound = (uid: string) =>
  receiverNotFoundKind(`receivers.notifications.alerting.grafana.app "${uid}" not found`);

export const receiverInUse = defineError(
  409,
  'alerting.notifications.receivers.used',
  'Receiver is used by one or more routes',
);

const receiverVersionConflictKind = defineError(
  409,
  'alerting.notifications.receivers.conflict',
  'Provided version of receiver does not match current version',
);
export const receiverVersionConflict = (given: string, name: string, current: string) =>
  receiverVersionConflictKind(
    `Provided version '${given}' of receiver '${name}' does not match current version '${current}'`,
  );

const badReceiverRequestKind = defineError(
  400,
  'alerting.notifications.receivers.bad-request',
  'bad request',
);
export const badReceiverRequest = (message: string) => badReceiverRequestKind(message);

const namespaceNotFoundKind = defineError(404, 'alerting.namespace-not-found', 'namespace not found');
export const namespaceNotFound = (namespace: string) =>
  namespaceNotFoundKind(`namespaces "${namespace}" not found`);

const namespaceForbiddenKind = defineError(403, 'alerting.namespace-forbidden', 'namespace forbidden');
export const namespaceForbidden = (namespace: string) =>
  namespaceForbiddenKind(
    `receivers.notifications.alerting.grafana.app is forbidden: namespace "${namespace}" is not the caller's organization`,
  );
