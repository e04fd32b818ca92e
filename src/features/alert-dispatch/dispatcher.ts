/**
 * The dispatcher (Alertmanager's, reference §2.8), run by the instance that leads alert
 * evaluation. Each `tick(now)`:
 *
 * 1. waits for the sink's queued writes;
 * 2. on becoming leader loads every alert and group from the tables (a restart or failover resumes
 *    where the previous leader stopped), afterwards picks up rows other instances wrote (POSTed
 *    alerts) by `updated_at`;
 * 3. routes alerts it has not routed yet — and all of an org's alerts when its policy tree changed
 *    — into aggregation groups, creating a group with its first flush at now + group_wait (at once
 *    for an alert older than group_wait in a group that never flushed);
 * 4. flushes every group whose planned time has come (claimed by compare-and-set on the group row,
 *    so a flush is sent by exactly one instance even while two believe they lead), then plans the
 *    next one group_interval later; retries failed integrations with back-off between flushes;
 * 5. drops resolved alerts a successful flush carried, and groups left empty.
 *
 * The tables are the truth; memory is this leader's working copy and is dropped when it stops
 * leading.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { AlertDispatchGroupTable } from '../../store/tables.js';
import { alertKey, isResolved, type DispatchAlert } from './dispatch-alert.js';
import type { DispatchStore } from './dispatch.store.js';
import type { Flusher, GroupView } from './flush.js';
import {
  flushTimeOnInsert,
  MAX_RETRIES,
  nextFlushTime,
  resolvedExpired,
  retryDelayMs,
} from './flush-rules.js';
import type { OrgRouting } from './org-routing.js';
import type { Destination } from './routing.js';

/**
 * How far back each round looks for rows other instances wrote: their commits may land after
 * this leader's cursor passed their `updated_at` (slow transactions, clocks a little apart).
 */
const PICK_UP_OVERLAP_MS = 30_000;
/** Groups flushed at once (each flush fans out to its integrations concurrently anyway). */
const FLUSH_CONCURRENCY = 16;
const LOG_PRUNE_INTERVAL_MS = 10 * 60_000;

interface Group extends GroupView {
  nextFlushAt: number;
  flushedOnce: boolean;
  /** fingerprints of its alerts */
  members: Set<string>;
  retry?: { at: number; attempt: number; integrations: string[]; flushTime: number };
}

export interface DispatcherDeps {
  store: DispatchStore;
  routing: OrgRouting;
  flusher: Flusher;
  /** whether this instance leads (holds the evaluation lease) */
  leading: () => boolean;
  /** waits for the sink's queued writes */
  settle: () => Promise<void>;
  /** another instance rewrote an alert */
  foreignWrite: (orgId: number, fingerprint: string) => void;
  /**
   * this instance stopped dispatching: what it remembers writing may change under the next
   * leader before it leads again
   */
  resigned: () => void;
  logger: FastifyBaseLogger;
}

/**
 * When the alert reached svc (its row was written): a group's wait counts from there, as
 * Alertmanager's from the alert's receipt, even when the round that routes it comes later.
 */
const arrivalOf = (alert: DispatchAlert, now: number): number => Math.min(alert.updatedAt, now);

export function createDispatcher(deps: DispatcherDeps) {
  const { store, logger } = deps;
  let active = false;
  const alerts = new Map<string, DispatchAlert>();
  /** alert key → ids of the groups it is in */
  const groupsOf = new Map<string, Set<string>>();
  const groups = new Map<string, Group>();
  /** group rows read on activation that no alert has claimed yet */
  const storedGroups = new Map<string, AlertDispatchGroupTable>();
  /** org → JSON of the tree its alerts were routed with */
  const trees = new Map<number, string>();
  const unrouted = new Set<string>();
  let cursor = 0;
  let lastPrune = 0;
  let running: Promise<void> | undefined;

  const groupId = (orgId: number, hash: string) => `${orgId}/${hash}`;

  function deactivate(): void {
    active = false;
    alerts.clear();
    groupsOf.clear();
    groups.clear();
    storedGroups.clear();
    trees.clear();
    unrouted.clear();
  }

  function adopt(alert: DispatchAlert): void {
    const key = alertKey(alert.orgId, alert.fingerprint);
    if (!alerts.has(key)) unrouted.add(key);
    alerts.set(key, alert);
    cursor = Math.max(cursor, alert.updatedAt);
  }

  async function activate(): Promise<void> {
    deactivate();
    for (const alert of await store.allAlerts()) adopt(alert);
    for (const row of await store.allGroups()) storedGroups.set(groupId(row.org_id, row.group_hash), row);
    active = true;
    logger.info(
      { alerts: alerts.size, groups: storedGroups.size },
      'this instance dispatches alert notifications',
    );
  }

  /**
   * Rows other instances wrote since the last round: their keys and write times are read (cheap:
   * this leader's own recent writes match its memory) and only rows that differ are read whole.
   */
  async function pickUp(): Promise<void> {
    for (const stamp of await store.alertStampsSince(cursor - PICK_UP_OVERLAP_MS)) {
      const mine = alerts.get(alertKey(stamp.orgId, stamp.fingerprint));
      if (mine && mine.updatedAt === stamp.updatedAt) continue;
      const row = await store.alert(stamp.orgId, stamp.fingerprint);
      if (!row) continue;
      deps.foreignWrite(row.orgId, row.fingerprint);
      adopt(row);
    }
  }

  async function groupFor(destination: Destination, alert: DispatchAlert, now: number): Promise<Group> {
    const id = groupId(alert.orgId, destination.groupHash);
    const view: GroupView = { ...destination, orgId: alert.orgId };
    const existing = groups.get(id);
    if (existing) {
      // the policy may have changed the route's timings or intervals under the same key
      Object.assign(existing, view);
      return existing;
    }
    let row = storedGroups.get(id);
    storedGroups.delete(id);
    if (!row) {
      const planned: AlertDispatchGroupTable = {
        org_id: alert.orgId,
        group_hash: destination.groupHash,
        group_key: destination.groupKey,
        receiver: destination.receiver,
        group_labels: JSON.stringify(destination.groupLabels),
        next_flush_at: flushTimeOnInsert(
          undefined,
          alert.startsAt,
          destination.timing,
          arrivalOf(alert, now),
        ),
        flushed_once: 0,
        updated_at: now,
      };
      row = (await store.insertGroup(planned))
        ? planned
        : ((await store.group(alert.orgId, destination.groupHash)) ?? planned);
    }
    const group: Group = {
      ...view,
      nextFlushAt: Number(row.next_flush_at),
      flushedOnce: row.flushed_once === 1,
      members: new Set(),
    };
    groups.set(id, group);
    return group;
  }

  async function insert(group: Group, alert: DispatchAlert, now: number): Promise<void> {
    group.members.add(alert.fingerprint);
    const planned = flushTimeOnInsert(group, alert.startsAt, group.timing, arrivalOf(alert, now));
    if (planned === group.nextFlushAt) return;
    // an old alert makes a group that never flushed flush now; the row must say so for a successor
    if (await store.claimFlush(group.orgId, group.groupHash, group.nextFlushAt, planned, now, false)) {
      group.nextFlushAt = planned;
    } else {
      await reload(group, now);
    }
  }

  /**
   * Another instance moved the group on: take its row. When the row is gone (an instance that
   * no longer leads found the group empty and dropped it), put it back with this group's plan,
   * or no claim on it could ever succeed again.
   */
  async function reload(group: Group, now: number): Promise<void> {
    const row = await store.group(group.orgId, group.groupHash);
    if (row) {
      group.nextFlushAt = Number(row.next_flush_at);
      group.flushedOnce = row.flushed_once === 1;
      return;
    }
    await store.insertGroup({
      org_id: group.orgId,
      group_hash: group.groupHash,
      group_key: group.groupKey,
      receiver: group.receiver,
      group_labels: JSON.stringify(group.groupLabels),
      next_flush_at: group.nextFlushAt,
      flushed_once: group.flushedOnce ? 1 : 0,
      updated_at: now,
    });
  }

  async function route(
    orgId: number,
    key: string,
    tree: Parameters<OrgRouting['destinations']>[1],
    now: number,
  ) {
    const alert = alerts.get(key);
    if (!alert) return;
    const destinations = await deps.routing.destinations(orgId, tree, alert.labels);
    const ids = new Set<string>();
    for (const destination of destinations) {
      const group = await groupFor(destination, alert, now);
      ids.add(groupId(orgId, destination.groupHash));
      if (!group.members.has(alert.fingerprint)) await insert(group, alert, now);
    }
    for (const id of groupsOf.get(key) ?? []) {
      if (!ids.has(id)) groups.get(id)?.members.delete(alert.fingerprint);
    }
    groupsOf.set(key, ids);
  }

  async function routeOrg(orgId: number, keys: string[], now: number): Promise<void> {
    const tree = await deps.routing.tree(orgId);
    const text = JSON.stringify(tree);
    const changed = trees.get(orgId) !== text;
    trees.set(orgId, text);
    for (const key of keys) {
      if (!changed && !unrouted.has(key)) continue;
      unrouted.delete(key);
      await route(orgId, key, tree, now);
    }
  }

  function forgetOrg(orgId: number): void {
    for (const [key, alert] of alerts) {
      if (alert.orgId !== orgId) continue;
      alerts.delete(key);
      groupsOf.delete(key);
      unrouted.delete(key);
    }
    for (const [id, group] of groups) if (group.orgId === orgId) groups.delete(id);
    trees.delete(orgId);
  }

  async function routeAll(now: number): Promise<void> {
    const byOrg = new Map<number, string[]>();
    for (const [key, alert] of alerts) {
      const keys = byOrg.get(alert.orgId);
      if (keys) keys.push(key);
      else byOrg.set(alert.orgId, [key]);
    }
    for (const [orgId, keys] of byOrg) {
      try {
        await routeOrg(orgId, keys, now);
      } catch (err) {
        // One org's trouble must not stop the others. An org deleted meanwhile took its rows
        // with it (foreign keys): forget its alerts and groups.
        if ((await store.alertsOf(orgId)).length === 0) forgetOrg(orgId);
        else logger.error({ err, orgId }, 'routing alerts failed');
      }
    }
    // Rows of groups whose alerts are gone (deleted while nobody led, or re-routed away).
    for (const [id, row] of storedGroups) {
      storedGroups.delete(id);
      await store.deleteGroup(row.org_id, row.group_hash);
    }
    for (const [id, group] of groups) {
      if (group.members.size === 0) await dropGroup(id, group);
    }
  }

  async function dropGroup(id: string, group: Group): Promise<void> {
    groups.delete(id);
    await store.deleteGroup(group.orgId, group.groupHash);
  }

  /** Takes a resolved alert out of a group; the alert goes when no group holds it any more. */
  async function release(group: Group, alert: DispatchAlert): Promise<void> {
    group.members.delete(alert.fingerprint);
    const key = alertKey(alert.orgId, alert.fingerprint);
    const ids = groupsOf.get(key);
    ids?.delete(groupId(group.orgId, group.groupHash));
    if (ids && ids.size > 0) return;
    alerts.delete(key);
    groupsOf.delete(key);
    await store.deleteAlert(alert.orgId, alert.fingerprint, alert.updatedAt);
  }

  async function flush(id: string, group: Group, now: number): Promise<void> {
    let flushTime: number;
    let only: string[] | undefined;
    let attempt = 0;
    if (group.nextFlushAt <= now) {
      flushTime = group.nextFlushAt;
      const next = nextFlushTime(flushTime, group.timing, now);
      if (!(await store.claimFlush(group.orgId, group.groupHash, flushTime, next, now))) {
        await reload(group, now);
        return;
      }
      group.nextFlushAt = next;
      group.flushedOnce = true;
      group.retry = undefined;
    } else if (group.retry && group.retry.at <= now) {
      ({ flushTime, attempt } = group.retry);
      only = group.retry.integrations;
    } else {
      return;
    }

    const members = [...group.members]
      .map((fp) => alerts.get(alertKey(group.orgId, fp)))
      .filter((alert): alert is DispatchAlert => alert !== undefined);
    const { failed } = await deps.flusher.send(group, members, flushTime, now, only);

    group.retry = undefined;
    if (failed.length && attempt < MAX_RETRIES) {
      const at = now + retryDelayMs(attempt + 1);
      // past the next flush the flush itself retries them
      if (at < group.nextFlushAt) group.retry = { at, attempt: attempt + 1, integrations: failed, flushTime };
    }
    for (const alert of members) {
      if (!isResolved(alert, now)) continue;
      const unchanged = alerts.get(alertKey(alert.orgId, alert.fingerprint)) === alert;
      if ((failed.length === 0 && unchanged) || resolvedExpired(alert.endsAt, group.timing, now)) {
        await release(group, alert);
      }
    }
    if (group.members.size === 0) await dropGroup(id, group);
  }

  async function flushDue(now: number): Promise<void> {
    const due = [...groups].filter(
      ([, group]) => group.nextFlushAt <= now || (group.retry !== undefined && group.retry.at <= now),
    );
    for (let i = 0; i < due.length; i += FLUSH_CONCURRENCY) {
      await Promise.all(
        due
          .slice(i, i + FLUSH_CONCURRENCY)
          .map(([id, group]) =>
            flush(id, group, now).catch((err: unknown) =>
              logger.error({ err, groupKey: group.groupKey }, 'alert group flush failed'),
            ),
          ),
      );
    }
  }

  async function runTick(now: number): Promise<void> {
    await deps.settle();
    if (!deps.leading()) {
      if (active) {
        logger.info('alert notifications moved to another instance');
        deactivate();
        deps.resigned();
      }
      return;
    }
    if (!active) await activate();
    else await pickUp();
    await routeAll(now);
    await flushDue(now);
    if (now - lastPrune >= LOG_PRUNE_INTERVAL_MS) {
      lastPrune = now;
      await store.pruneLog(now);
    }
  }

  return {
    /** One round at `now` (ms). Overlapping calls share the round in progress. */
    tick(now: number): Promise<void> {
      running ??= runTick(now).finally(() => (running = undefined));
      return running;
    },

    /** The intake stored (or, `written` false, only re-sent) an alert. */
    observe(alert: DispatchAlert, written: boolean): void {
      if (!active) return;
      const key = alertKey(alert.orgId, alert.fingerprint);
      const mine = alerts.get(key);
      if (written || !mine) {
        adopt(alert);
        return;
      }
      // not written: the stored row keeps its updated_at, memory gets the later end
      alerts.set(key, { ...mine, endsAt: alert.endsAt, annotations: alert.annotations });
    },

    isIdle: (): boolean => running === undefined,

    /** The org's alerts this leader holds that fire at `now` (what inhibits, during a flush). */
    firing(orgId: number, now: number): DispatchAlert[] {
      const firing: DispatchAlert[] = [];
      for (const alert of alerts.values()) {
        if (alert.orgId === orgId && !isResolved(alert, now)) firing.push(alert);
      }
      return firing;
    },
  };
}
