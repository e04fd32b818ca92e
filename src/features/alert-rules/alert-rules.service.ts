import type { Clock } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { afterCommit, type AfterCommit, type UnitOfWork } from '../../store/transaction.js';
import { BASE_INTERVAL_SECONDS, DEFAULT_GROUP_INTERVAL_SECONDS, type AlertRule } from './alert-rule.js';
import {
  folderHasRules,
  groupNotFound,
  invalidRule,
  provenanceChange,
  provisionedRule,
  ruleNotFound,
  titleTaken,
  uidTaken,
} from './alert-rules.errors.js';
import type { AlertRulesStore } from './alert-rules.store.js';
import { draftOf, planGroup, type Authorize, type Desired, type NextRule, type Place } from './group-plan.js';
import type { RuleDraft } from './rule-draft.js';

/** Who writes: the org, and the user recorded as `updated_by` (none for file provisioning). */
export interface Actor {
  orgId: number;
  userId: number | null;
}

/**
 * Which API writes, deciding what provenance the changed rules get and which stored provenance
 * refuses the change: the ruler API never touches provisioned rules; the provisioning API keeps
 * a provenance other than none unless it is its own; files own everything they name.
 */
export type WriteMode = { api: 'ruler' } | { api: 'provisioning'; provenance: '' | 'api' } | { api: 'file' };

export interface GroupChange {
  created: string[];
  updated: string[];
  deleted: string[];
}

const NO_CHECK: Authorize = () => Promise.resolve();

/** Grafana: an interval is a positive multiple of the scheduler's base interval. */
export function checkInterval(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds % BASE_INTERVAL_SECONDS !== 0)
    throw invalidRule(
      `interval (${seconds}s) should be non-zero and divided exactly by scheduler interval: ${BASE_INTERVAL_SECONDS}`,
    );
}

/**
 * Alert rule writes. Every write goes through one group at a time (`writeGroup`), because a
 * change to any rule of a group bumps the version of every rule of the group (Grafana #125424),
 * and each new state of a rule is kept as a version.
 */
export function createAlertRulesService(deps: {
  store: AlertRulesStore;
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** the rule as kept in its version row (the ruler API's shape) */
  snapshot: (rule: AlertRule) => unknown;
  /** after commit: the org's rules changed */
  changed: (orgId: number, change: { upserted: string[]; deleted: string[] }) => void;
}) {
  const { store, clock } = deps;

  function checkProvenance(mode: WriteMode, rule: AlertRule): void {
    if (mode.api === 'ruler' && rule.provenance !== '') throw provisionedRule(rule.uid, rule.provenance);
    if (mode.api === 'provisioning' && rule.provenance !== '' && rule.provenance !== mode.provenance)
      throw provenanceChange(rule.provenance, mode.provenance);
  }
  const provenanceOf = (mode: WriteMode): AlertRule['provenance'] =>
    mode.api === 'ruler' ? '' : mode.api === 'file' ? 'file' : mode.provenance;

  /** A version row for every new version of a rule, made by `actor` at `now`. */
  async function keepVersion(rule: AlertRule, actor: Actor, now: number): Promise<void> {
    await store.insertVersion(rule.orgId, rule.uid, {
      version: rule.version,
      rule: deps.snapshot(rule),
      created: now,
      createdBy: actor.userId,
    });
  }

  /** Inserts or updates a rule; a unique index's refusal (a concurrent writer) is Grafana's 400/409. */
  async function save(rule: AlertRule, now: number): Promise<AlertRule> {
    try {
      if (rule.id === 0) return { ...rule, id: await store.insert(rule, now) };
      await store.update(rule);
      return rule;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Which index refused it, from the error (PostgreSQL's transaction takes no more queries):
      // the title's within the folder, or the uid's.
      const { message, constraint } = err as { message?: string; constraint?: string };
      // The index's name (PostgreSQL, MySQL) or its columns (SQLite), never the values.
      if (/ux_alert_rule_org_folder_title|alert_rule\.title/.test(`${message} ${constraint}`))
        throw titleTaken();
      throw uidTaken(rule.uid);
    }
  }

  /**
   * Rules giving up a title another rule of the same write takes (two rules swapping titles) first
   * step aside under a placeholder, so the unique index never sees the same title twice.
   */
  async function releaseTitles(next: NextRule[]): Promise<void> {
    const key = (folderUid: string, title: string) => `${folderUid}\u0000${title}`;
    const taken = new Set(next.map((n) => key(n.after.folderUid, n.after.title)));
    for (const { before, after } of next) {
      if (!before || (before.title === after.title && before.folderUid === after.folderUid)) continue;
      if (taken.has(key(before.folderUid, before.title)))
        await store.update({ ...before, title: `\u0001renaming ${before.uid}` });
    }
  }

  /** The rules left in a group a rule moved out of: one version more each. */
  async function bumpGroup(actor: Actor, place: Place, now: number): Promise<string[]> {
    const rest = await store.inGroup(actor.orgId, place.folderUid, place.group);
    for (const rule of rest) {
      const bumped = { ...rule, version: rule.version + 1 };
      await store.update(bumped);
      await keepVersion(bumped, actor, now);
    }
    return rest.map((r) => r.uid);
  }

  /**
   * Makes a group hold what `compose` makes of its stored rules, in that order, at `intervalSeconds`
   * (none: the stored interval, or the default for a new group). Rules of the group not
   * desired are deleted when `deleteMissing`; a desired uid stored in another group moves here.
   * Runs inside the caller's unit of work.
   */
  async function writeGroup(
    actor: Actor,
    place: Place,
    intervalSeconds: number | undefined,
    compose: (group: AlertRule[]) => Desired[],
    options: { mode: WriteMode; deleteMissing: boolean; authorize: Authorize },
    afterCommit: (task: () => void) => void,
  ): Promise<GroupChange> {
    const { orgId } = actor;
    const now = clock.now();
    // The group as committed now (read committed): what concurrent writers left is kept.
    const existing = await store.inGroup(orgId, place.folderUid, place.group);
    const desired = compose(existing);
    const interval = intervalSeconds ?? existing[0]?.intervalSeconds ?? DEFAULT_GROUP_INTERVAL_SECONDS;
    if (desired.length) checkInterval(interval);

    // Uids desired here but stored elsewhere move; their old groups get a version more.
    const elsewhere = await store.byUids(
      orgId,
      desired.map((d) => d.draft.uid).filter((uid) => uid !== '' && !existing.some((r) => r.uid === uid)),
    );
    const { plan, next } = planGroup({
      orgId,
      place,
      intervalSeconds: interval,
      desired,
      stored: existing,
      elsewhere,
      deleteMissing: options.deleteMissing,
      provenance: provenanceOf(options.mode),
      now,
      userId: actor.userId,
    });
    const { deleted } = plan;
    if (!deleted.length && !next.some((n) => n.changed)) return { created: [], updated: [], deleted: [] };

    for (const rule of deleted) checkProvenance(options.mode, rule);
    for (const { before } of plan.updated) checkProvenance(options.mode, before);
    await options.authorize(plan);

    // A title is unique within its folder: taken only by rules this write deletes or renames.
    const leaving = new Set([...deleted.map((r) => r.uid), ...desired.map((d) => d.draft.uid)]);
    for (const { before, after } of next) {
      if (before && before.title === after.title && before.folderUid === after.folderUid) continue;
      const holders = await store.uidsTitled(orgId, after.folderUid, after.title);
      if (holders.some((uid) => uid !== after.uid && !leaving.has(uid))) throw titleTaken();
    }

    await store.delete(
      orgId,
      plan.deleted.map((r) => r.uid),
    );
    await releaseTitles(next);
    const written: AlertRule[] = [];
    for (const { before, after, changed } of next) {
      const rule: AlertRule = {
        ...after,
        version: before ? before.version + 1 : 1,
        updated: changed ? now : after.updated,
        updatedBy: changed ? actor.userId : after.updatedBy,
      };
      const saved = await save(rule, now);
      await keepVersion(saved, actor, now);
      written.push(saved);
    }
    const bumped: string[] = [];
    const sources = new Map<string, Place>(
      elsewhere.map((r) => [
        `${r.folderUid}\u0000${r.ruleGroup}`,
        { folderUid: r.folderUid, group: r.ruleGroup },
      ]),
    );
    for (const source of sources.values()) bumped.push(...(await bumpGroup(actor, source, now)));

    const change: GroupChange = {
      created: plan.created.map((d) => d.uid),
      updated: plan.updated.map((u) => u.before.uid),
      deleted: deleted.map((r) => r.uid),
    };
    afterCommit(() =>
      deps.changed(orgId, { upserted: [...written.map((r) => r.uid), ...bumped], deleted: change.deleted }),
    );
    return change;
  }

  /** A unit of work holding the org's rule-write lock. */
  const inOrgUnit = <T>(orgId: number, work: (afterCommit: AfterCommit) => Promise<T>) =>
    deps.unitOfWork(async (afterCommit) => {
      await store.lockOrg(orgId);
      return work(afterCommit);
    });

  /** Bystanders: the rules of a group a request is not about, kept as they are. */
  const bystanders = (rules: AlertRule[], except?: string): Desired[] =>
    rules.filter((r) => r.uid !== except).map((r) => ({ draft: draftOf(r), subject: false }));
  const only = (desired: Desired[]) => () => desired;

  return {
    get: (orgId: number, uid: string) => store.byUid(orgId, uid),
    /** The org's rules ordered by folder, group and index. */
    list: (orgId: number) => store.ofOrg(orgId),
    inFolder: (orgId: number, folderUid: string) => store.inFolder(orgId, folderUid),
    inGroup: (orgId: number, place: Place) => store.inGroup(orgId, place.folderUid, place.group),
    versions: (orgId: number, uid: string) => store.versions(orgId, uid),

    /**
     * Folders (one and its descendants) are being deleted, inside that unit of work: Grafana
     * refuses while they hold rules, unless `force` deletes the rules with them.
     */
    async foldersDeleting(orgId: number, folderUids: string[], force: boolean): Promise<void> {
      const uids = (await Promise.all(folderUids.map((f) => store.inFolder(orgId, f))))
        .flat()
        .map((r) => r.uid);
      if (uids.length === 0) return;
      if (!force) throw folderHasRules();
      await store.delete(orgId, uids);
      await afterCommit(() => deps.changed(orgId, { upserted: [], deleted: uids }));
    },

    /** A new rule at the end of its group (created with the default interval when new). */
    create(actor: Actor, place: Place, draft: RuleDraft, mode: WriteMode, authorize: Authorize = NO_CHECK) {
      return inOrgUnit(actor.orgId, async (afterCommit) => {
        if (draft.uid && (await store.byUid(actor.orgId, draft.uid))) throw uidTaken(draft.uid);
        const uid = draft.uid || generateUid();
        const created = { draft: { ...draft, uid }, subject: true, create: true };
        await writeGroup(
          actor,
          place,
          undefined,
          (group) => [...bystanders(group), created],
          { mode, deleteMissing: false, authorize },
          afterCommit,
        );
        return (await store.byUid(actor.orgId, uid))!;
      });
    },

    /** A rule replaced (and moved when its folder or group changed); 404 when it does not exist. */
    update(actor: Actor, place: Place, draft: RuleDraft, mode: WriteMode, authorize: Authorize = NO_CHECK) {
      return inOrgUnit(actor.orgId, async (afterCommit) => {
        if (!(await store.byUid(actor.orgId, draft.uid))) throw ruleNotFound();
        const updated = { draft, subject: true };
        await writeGroup(
          actor,
          place,
          undefined,
          // In place within its group, at the end of another.
          (group) =>
            group.some((r) => r.uid === draft.uid)
              ? group.map((r) => (r.uid === draft.uid ? updated : { draft: draftOf(r), subject: false }))
              : [...bystanders(group), updated],
          { mode, deleteMissing: false, authorize },
          afterCommit,
        );
        return (await store.byUid(actor.orgId, draft.uid))!;
      });
    },

    /** Deletes one rule; the rest of its group gets a version more. */
    delete(actor: Actor, uid: string, mode: WriteMode, authorize: Authorize = NO_CHECK) {
      return inOrgUnit(actor.orgId, async (afterCommit) => {
        const rule = await store.byUid(actor.orgId, uid);
        if (!rule) throw ruleNotFound();
        await writeGroup(
          actor,
          { folderUid: rule.folderUid, group: rule.ruleGroup },
          undefined,
          (group) => bystanders(group, uid),
          { mode, deleteMissing: true, authorize },
          afterCommit,
        );
      });
    },

    /** The group becomes exactly these rules (Grafana's group PUT and ruler POST). */
    replaceGroup(
      actor: Actor,
      place: Place,
      intervalSeconds: number | undefined,
      drafts: RuleDraft[],
      mode: WriteMode,
      authorize: Authorize = NO_CHECK,
    ): Promise<GroupChange> {
      return inOrgUnit(actor.orgId, (afterCommit) =>
        writeGroup(
          actor,
          place,
          intervalSeconds,
          only(drafts.map((draft) => ({ draft, subject: true }))),
          { mode, deleteMissing: true, authorize },
          afterCommit,
        ),
      );
    },

    /**
     * File provisioning: these rules (by uid) go into the group at its head, the group's other
     * rules stay after them; provenance `file`.
     */
    upsertGroup(
      actor: Actor,
      place: Place,
      intervalSeconds: number | undefined,
      drafts: RuleDraft[],
    ): Promise<GroupChange> {
      const named = new Set(drafts.map((d) => d.uid));
      return inOrgUnit(actor.orgId, (afterCommit) =>
        writeGroup(
          actor,
          place,
          intervalSeconds,
          (group) => [
            ...drafts.map((draft) => ({ draft, subject: true })),
            ...bystanders(group.filter((r) => !named.has(r.uid))),
          ],
          { mode: { api: 'file' }, deleteMissing: false, authorize: NO_CHECK },
          afterCommit,
        ),
      );
    },

    /** Deletes a group; 404 when it has no rules. */
    deleteGroup(actor: Actor, place: Place, mode: WriteMode, authorize: Authorize = NO_CHECK) {
      return inOrgUnit(actor.orgId, async (afterCommit) => {
        const change = await writeGroup(
          actor,
          place,
          undefined,
          only([]),
          { mode, deleteMissing: true, authorize },
          afterCommit,
        );
        if (!change.deleted.length) throw groupNotFound();
        return change;
      });
    },

    /** Deletes every group of a folder. */
    deleteFolderRules(actor: Actor, folderUid: string, mode: WriteMode, authorize: Authorize = NO_CHECK) {
      return inOrgUnit(actor.orgId, async (afterCommit) => {
        const groups = new Set((await store.inFolder(actor.orgId, folderUid)).map((r) => r.ruleGroup));
        const change: GroupChange = { created: [], updated: [], deleted: [] };
        for (const group of groups) {
          const done = await writeGroup(
            actor,
            { folderUid, group },
            undefined,
            only([]),
            { mode, deleteMissing: true, authorize },
            afterCommit,
          );
          change.deleted.push(...done.deleted);
        }
        return change;
      });
    },
  };
}

export type AlertRulesService = ReturnType<typeof createAlertRulesService>;
