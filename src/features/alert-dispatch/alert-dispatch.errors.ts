import { defineError } from '../../http/errors.js';

/** A posted alert Alertmanager would refuse (its validation message). */
const invalidAlertKind = defineError(400, 'alerting.alerts.invalid', 'invalid alert');
export const invalidAlert = (reason: string) => invalidAlertKind(reason);

/** A `filter` or `receiver` query parameter that does not parse. */
const badAlertsQueryKind = defineError(400, 'alerting.alerts.bad-query', 'bad alerts query');
export const badAlertsQuery = (reason: string) => badAlertsQueryKind(reason);
