import { defineError } from '../../http/errors.js';

export const muteTimingNotFound = defineError(
  404,
  'alerting.notifications.time-intervals.notFound',
  'time interval not found',
);

/**
 * A name another mute timing of the org has. Grafana answers 400 for the sequential case; svc
 * answers 409 always, so a lost race for the name (the unique index) reads the same as a plain
 * duplicate.
 */
export const muteTimingNameTaken = defineError(
  409,
  'alerting.notifications.time-intervals.nameExists',
  'Time interval with this name already exists. Use a different name or update existing one.',
);

const muteTimingInvalidKind = defineError(
  400,
  'alerting.notifications.time-intervals.invalidFormat',
  'Time interval is in invalid format. Correct the payload and try again.',
);
export const muteTimingInvalid = (detail: string) =>
  muteTimingInvalidKind(`Time interval is in invalid format. Correct the payload and try again: ${detail}`);

export const muteTimingInUse = defineError(
  409,
  'alerting.notifications.time-intervals.used',
  'Time interval is used by one or many notification policies',
);
export const muteTimingUsedByRules = () =>
  muteTimingInUse('Time interval is used by the notification settings of one or many alert rules');
/**
 * svc cannot rewrite the rules' notification settings (Grafana renames them too), so a rename
 * that would leave rules naming a missing time interval is refused.
 */
export const muteTimingRenameUsedByRules = () =>
  muteTimingInUse('Time interval cannot be renamed because it is used by one or many alert rules');

const versionConflictKind = defineError(
  409,
  'alerting.notifications.conflict',
  'provided version of time interval does not match current version',
);
export const muteTimingVersionConflict = (given: string, name: string, current: string) =>
  versionConflictKind(
    `provided version ${given} of time interval ${name} does not match current version ${current}`,
  );
