import type { Clock } from '../../lib/clock.js';
import type { UnitOfWork } from '../../store/transaction.js';
import { onUniqueViolation } from '../../store/unique-violation.js';
import { checkProvenance, type Provenance } from '../alerting/provenance.js';
import {
  muteTimingInUse,
  muteTimingNameTaken,
  muteTimingNotFound,
  muteTimingRenameUsedByRules,
  muteTimingUsedByRules,
  muteTimingVersionConflict,
} from './mute-timings.errors.js';
import type { MuteTimingsStore } from './mute-timings.store.js';
import { normalizedIntervals, presentMuteTiming, type MuteTimingInput } from './mute-timing.js';

/** What the notification policies (the alerting feature) tell about the time intervals they name. */
export interface PolicyReferences {
  /** names of time intervals the org's policy tree references (mute or active) */
  timeIntervalsInUse(orgId: number): Promise<Set<string>>;
  /** renames references in the org's tree (refused for a tree provisioned otherwise); joins the caller's unit of work */
  renameTimeInterval(orgId: number, from: string, to: string, provenance: Provenance): Promise<void>;
}

/** Mute timings of each organization (Grafana's provisioning API and file provisioning). */
export function createMuteTimingsService(deps: {
  store: MuteTimingsStore;
  clock: Clock;
  unitOfWork: UnitOfWork;
  policies: PolicyReferences;
  /** whether a rule's notification settings name the time interval (the alert-rules feature, late-bound) */
  usedByRules: (orgId: number, name: string) => Promise<boolean>;
  /** after a write committed: the org's mute timings changed (drops caches here and elsewhere) */
  changed: (orgId: number) => void;
}) {
  const { store, clock, policies } = deps;

  const existing = async (orgId: number, name: string) => {
    const row = await store.byName(orgId, name);
    if (!row) throw muteTimingNotFound();
    return row;
  };
  const checkVersion = (given: string | undefined, name: string, current: number) => {
    if (given !== undefined && given !== '' && given !== String(current)) {
      throw muteTimingVersionConflict(given, name, String(current));
    }
  };

  const service = {
    async list(orgId: number) {
      return (await store.list(orgId)).map(presentMuteTiming);
    },

    async get(orgId: number, name: string) {
      return presentMuteTiming(await existing(orgId, name));
    },

    names: (orgId: number) => store.names(orgId),

    async create(orgId: number, input: MuteTimingInput, provenance: Provenance) {
      const intervals = JSON.stringify(normalizedIntervals(input));
      return deps.unitOfWork(async (afterCommit) => {
        if (await store.byName(orgId, input.name)) throw muteTimingNameTaken();
        // A concurrent create of the name ends at the unique index.
        await store
          .insert(orgId, { name: input.name, time_intervals: intervals, provenance }, clock.now())
          .catch(onUniqueViolation(muteTimingNameTaken));
        afterCommit(() => deps.changed(orgId));
        return presentMuteTiming((await store.byName(orgId, input.name))!);
      });
    },

    /**
     * Replaces the mute timing named in the path; a different body name renames it, and the
     * policies that named it follow (Grafana's rule).
     */
    async update(
      orgId: number,
      name: string,
      input: MuteTimingInput & { version?: string },
      provenance: Provenance,
    ) {
      const intervals = JSON.stringify(normalizedIntervals(input));
      return deps.unitOfWork(async (afterCommit) => {
        const row = await existing(orgId, name);
        checkProvenance(row.provenance, provenance);
        checkVersion(input.version, name, row.version);
        const renamed = input.name !== name;
        if (renamed && (await store.byName(orgId, input.name))) throw muteTimingNameTaken();
        if (renamed && (await deps.usedByRules(orgId, name))) throw muteTimingRenameUsedByRules();
        await store
          .update(
            row.id,
            { name: input.name, time_intervals: intervals, provenance, version: row.version + 1 },
            clock.now(),
          )
          .catch(onUniqueViolation(muteTimingNameTaken));
        if (renamed) await policies.renameTimeInterval(orgId, name, input.name, provenance);
        afterCommit(() => deps.changed(orgId));
        return presentMuteTiming((await store.byName(orgId, input.name))!);
      });
    },

    /** Deletes unless a policy or a rule names it; a missing one is already gone (Grafana answers 204). */
    async delete(orgId: number, name: string, provenance: Provenance, version?: string): Promise<void> {
      await deps.unitOfWork(async (afterCommit) => {
        const row = await store.byName(orgId, name);
        if (!row) return;
        checkProvenance(row.provenance, provenance);
        checkVersion(version, name, row.version);
        if ((await policies.timeIntervalsInUse(orgId)).has(name)) throw muteTimingInUse();
        if (await deps.usedByRules(orgId, name)) throw muteTimingUsedByRules();
        await store.delete(orgId, row.id);
        afterCommit(() => deps.changed(orgId));
      });
    },

    /** A `muteTimes` item of a provisioning file: created or replaced, provenance `file`. */
    async applyFile(orgId: number, input: MuteTimingInput): Promise<void> {
      if (await store.byName(orgId, input.name)) await service.update(orgId, input.name, input, 'file');
      else await service.create(orgId, input, 'file');
    },

    /** The provisioning export document (`muteTimes`), of one mute timing or all. */
    async exportFile(orgId: number, name?: string) {
      const rows = name === undefined ? await store.list(orgId) : [await existing(orgId, name)];
      return {
        apiVersion: 1,
        muteTimes: rows.map((row) => {
          const { name: timingName, time_intervals } = presentMuteTiming(row);
          return { orgId, name: timingName, time_intervals };
        }),
      };
    },
  };
  return service;
}

export type MuteTimingsService = ReturnType<typeof createMuteTimingsService>;
