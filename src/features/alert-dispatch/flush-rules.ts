/**
 * Alertmanager's timing and dedup decisions for an aggregation group, as pure functions (reference
 * §2.8). The dispatcher applies them; tests can reason about them without a clock.
 */

import type { GroupTiming } from './routing.js';

/** How long a notification log entry is kept at least (Grafana's notification_log_retention). */
const LOG_RETENTION_MS = 5 * 24 * 3_600_000;

/**
 * When a group flushes after `alert` joins it. A new group waits `group_wait`; a group that has
 * never flushed flushes at once when the alert started more than `group_wait` ago (Alertmanager
 * does not hold old alerts back); otherwise the schedule stands.
 */
export function flushTimeOnInsert(
  group: { nextFlushAt: number; flushedOnce: boolean } | undefined,
  alertStartsAt: number,
  timing: GroupTiming,
  now: number,
): number {
  const old = alertStartsAt + timing.groupWaitMs < now;
  if (!group) return old ? now : now + timing.groupWaitMs;
  if (!group.flushedOnce && old) return Math.min(group.nextFlushAt, now);
  return group.nextFlushAt;
}

/**
 * The flush after one planned at `planned`: `group_interval` later. Counting from the plan rather
 * than from when the tick got to it keeps a group on its grid (a repeat interval that is a multiple
 * of the group interval is then honoured exactly); a group that fell far behind (the process was
 * down) restarts its grid at now.
 */
export function nextFlushTime(planned: number, timing: GroupTiming, now: number): number {
  const next = planned + timing.groupIntervalMs;
  return next > now ? next : now + timing.groupIntervalMs;
}

/** What the notification log remembers of the last notification of a group to one integration. */
export interface LogEntry {
  firing: ReadonlySet<string>;
  resolved: ReadonlySet<string>;
  /** the flush time of that notification */
  sentAt: number;
}

/**
 * Alertmanager's DedupStage `needsUpdate`, per integration:
 * - never notified: only when something fires (an alert that fired and resolved before the first
 *   flush sends nothing, as in Grafana #102689);
 * - a firing alert the last notification did not carry: notify;
 * - nothing firing: notify (a "resolve") only when the last notification had firing alerts — also
 *   with resolve messages disabled, so the log is cleared (delivery then skips the send);
 * - with resolve messages, a resolved alert the last notification did not carry: notify;
 * - otherwise repeat once `repeat_interval` has passed since the last notification. Checked only on
 *   flushes, so the repeat is rounded up to the group interval.
 */
export function needsUpdate(
  entry: LogEntry | undefined,
  firing: ReadonlySet<string>,
  resolved: ReadonlySet<string>,
  sendResolved: boolean,
  repeatIntervalMs: number,
  flushTime: number,
): boolean {
  if (!entry) return firing.size > 0;
  if (![...firing].every((fp) => entry.firing.has(fp))) return true;
  if (firing.size === 0) return entry.firing.size > 0;
  if (sendResolved && ![...resolved].every((fp) => entry.resolved.has(fp))) return true;
  return entry.sentAt + repeatIntervalMs <= flushTime;
}

/**
 * Until when a log entry counts: twice the longer of repeat and group interval (so a resolve at the
 * next flush still finds its firing entry), and at least Grafana's 5 days.
 */
export function logExpiry(sentAt: number, timing: GroupTiming): number {
  return sentAt + Math.max(LOG_RETENTION_MS, 2 * Math.max(timing.repeatIntervalMs, timing.groupIntervalMs));
}

/** Back-off of the retries of failed integrations: 10 s, 20 s, 40 s, 80 s; then the next flush. */
export const MAX_RETRIES = 4;
export function retryDelayMs(attempt: number): number {
  return 10_000 * 2 ** (attempt - 1);
}

/**
 * Resolved alerts a group keeps although its notifications keep failing: Alertmanager drops them
 * after three group intervals.
 */
export function resolvedExpired(endsAt: number, timing: GroupTiming, now: number): boolean {
  return endsAt + 3 * timing.groupIntervalMs < now;
}

/**
 * The order of alerts in a notification, Alertmanager's AlertSlice: by `job`, then `instance`
 * (an alert with the label first), then the whole label sets compared name by name.
 */
export function compareAlertLabels(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): number {
  for (const key of ['job', 'instance']) {
    const x = a[key];
    const y = b[key];
    if (x === undefined && y === undefined) continue;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (x !== y) return x < y ? -1 : 1;
  }
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const name of names) {
    const x = a[name];
    const y = b[name];
    if (x === y) continue;
    // the set lacking a name sorts first, as Prometheus' LabelSet.Before
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
