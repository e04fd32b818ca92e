import { defineError } from '../../http/errors.js';

/** Grafana's `ErrAlertRuleFailedValidation`: every message is prefixed `invalid alert rule: `. */
const invalidRuleKind = defineError(400, 'alerting.alert-rule.invalid', 'invalid alert rule');
export const invalidRule = (detail: string) => invalidRuleKind(`invalid alert rule: ${detail}`);

/** A body the ruler or provisioning API cannot take for reasons outside one rule. */
const badRequestKind = defineError(400, 'alerting.alert-rule.bad-request', 'bad request');
export const badRuleRequest = (detail: string) => badRequestKind(detail);

export const ruleNotFound = defineError(404, 'alerting.alert-rule.not-found', 'could not find alert rule');
export const groupNotFound = defineError(404, 'alerting.rule-group.not-found', 'rule group does not exist');
export const folderNotFound = defineError(404, 'alerting.rule-folder.not-found', 'folder does not exist');

/** Grafana's `ErrAlertRuleUniqueConstraintViolation` answers 400, not 409. */
export const titleTaken = defineError(
  400,
  'alerting.alert-rule.title-taken',
  'rule title under the same organisation and folder should be unique',
);

const uidTakenKind = defineError(
  409,
  'alerting.alert-rule.uid-taken',
  'an alert rule with this uid already exists',
);
export const uidTaken = (uid: string) => uidTakenKind(`an alert rule with uid '${uid}' already exists`);

/** The ruler API never changes a rule owned by the provisioning API or a file (Grafana: 400). */
const provisionedRuleKind = defineError(
  400,
  'alerting.alert-rule.provisioned',
  'request affects resources created via provisioning API',
);
export const provisionedRule = (uid: string, provenance: string) =>
  provisionedRuleKind(
    `failed to update rule group: request affects resources created via provisioning API: alert rule with uid '${uid}' has provenance '${provenance}'`,
  );

/** Grafana's rule for provisioned objects: a stored provenance other than none changes only to itself. */
const provenanceChangeKind = defineError(
  400,
  'alerting.alert-rule.provenance-change',
  'cannot change provenance',
);
export const provenanceChange = (from: string, to: string) =>
  provenanceChangeKind(`cannot change provenance from '${from}' to '${to || 'none'}'`);

const exportQueryKind = defineError(400, 'alerting.alert-rule.export-query', 'invalid export query');
export const badExportQuery = (detail: string) => exportQueryKind(detail);

/** Grafana: a folder holding alert rules is deleted only with `forceDeleteRules=true`. */
export const folderHasRules = defineError(
  400,
  'folder.contains-alert-rules',
  'folder cannot be deleted: folder contains alert rules',
);
