import type { presentMuteTiming } from '../../../src/features/alert-mute-timings/mute-timing.js';
import type { MuteTimingBody } from '../../../src/features/alert-mute-timings/mute-timings.schema.js';
import { request, seg } from './client.js';

const P = '/api/v1/provisioning/mute-timings';
/** Created in the UI, editable in the UI (no provenance), as Grafana's UI does. */
const NO_PROVENANCE = { 'x-disable-provenance': 'true' };

export type MuteTiming = ReturnType<typeof presentMuteTiming>;
export type TimeInterval = NonNullable<MuteTimingBody['time_intervals']>[number];
export type { MuteTimingBody };

export const muteTimings = (signal?: AbortSignal) => request<MuteTiming[]>('GET', P, undefined, { signal });

export const muteTiming = (name: string, signal?: AbortSignal) =>
  request<MuteTiming>('GET', `${P}/${seg(name)}`, undefined, { signal });

export const createMuteTiming = (body: MuteTimingBody) =>
  request<MuteTiming>('POST', P, body, { headers: NO_PROVENANCE });

/** Replaces (and may rename) the timing stored as `name`; `version` guards a concurrent edit. */
export const updateMuteTiming = (name: string, body: MuteTimingBody) =>
  request<MuteTiming>('PUT', `${P}/${seg(name)}`, body, { headers: NO_PROVENANCE });

export const deleteMuteTiming = (name: string) =>
  request<unknown>('DELETE', `${P}/${seg(name)}`, undefined, { headers: NO_PROVENANCE });
