import { defineError } from '../../http/errors.js';

/** Alertmanager's validation of a posted silence; the message is Alertmanager's (or Grafana's wrapper's). */
const invalidSilenceKind = defineError(400, 'alerting.silences.invalid', 'invalid silence');
export const invalidSilence = (reason: string) => invalidSilenceKind(reason);

/** Alertmanager's `silence.ErrNotFound`, for an id unknown in the caller's organization. */
export const silenceNotFound = defineError(404, 'alerting.silences.not-found', 'silence not found');

/** A `filter` query parameter that is not a label matcher. */
const badFilterKind = defineError(400, 'alerting.silences.bad-filter', 'unable to list silences');
export const badFilter = (reason: string) => badFilterKind(`unable to list silences: ${reason}`);
