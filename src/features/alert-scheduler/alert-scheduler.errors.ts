import { defineError } from '../../http/errors.js';

const evalInvalidKind = defineError(400, 'alerting.eval.invalid', 'invalid query or expression');
export const evalInvalid = (detail: string) => evalInvalidKind(`invalid query or expression: ${detail}`);

const evalDataSourceNotFoundKind = defineError(
  400,
  'alerting.eval.datasource-not-found',
  'data source not found',
);
export const evalDataSourceNotFound = (uid: string) =>
  evalDataSourceNotFoundKind(`data source not found: ${uid}`);

const evalDataSourceDeniedKind = defineError(
  403,
  'alerting.eval.datasource-denied',
  'you do not have permission to query a data source of this rule',
);
export const evalDataSourceDenied = (uid: string) =>
  evalDataSourceDeniedKind(`you do not have permission to query data source ${uid}`);
