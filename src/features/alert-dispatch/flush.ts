/**
 * One notification of an aggregation group, through Alertmanager's pipeline (reference §2.8):
 * inhibition (the org's inhibition rules against its alerts firing now) → active time intervals →
 * mute time intervals → silences → per-integration dedup against the notification log → send (the
 * alerting feature's delivery) → log what each integration got.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { AlertingFeature } from '../alerting/alerting.feature.js';
import type { AlertInput } from '../alerting/templates/index.js';
import type { InhibitionLookup } from '../alert-inhibition/inhibition-rules.lookup.js';
import type { MuteTimingsLookup } from '../alert-mute-timings/mute-timings.lookup.js';
import type { SilencesLookup } from '../alert-silences/silences.lookup.js';
import { isResolved, type DispatchAlert } from './dispatch-alert.js';
import type { DispatchStore } from './dispatch.store.js';
import { compareAlertLabels, logExpiry, needsUpdate } from './flush-rules.js';
import type { Destination } from './routing.js';

/** What a flush needs to know of its group. */
export type GroupView = Pick<
  Destination,
  | 'receiver'
  | 'groupKey'
  | 'groupHash'
  | 'groupLabels'
  | 'timing'
  | 'muteTimeIntervals'
  | 'activeTimeIntervals'
> & { orgId: number };

export interface FlushOutcome {
  /** integration uids whose send failed (to retry) */
  failed: string[];
}

export interface FlushDeps {
  store: DispatchStore;
  alerting: Pick<AlertingFeature, 'notify' | 'integrationsOf'>;
  silences: SilencesLookup;
  muteTimings: MuteTimingsLookup;
  inhibitions: InhibitionLookup;
  /** the org's alerts firing at `now`, from every source (the inhibition sources) */
  firing: (orgId: number, now: number) => readonly DispatchAlert[];
  logger: FastifyBaseLogger;
}

export function createFlusher(deps: FlushDeps) {
  /** Whether the group's route is muted at `now` (outside all active intervals, or inside a mute one). */
  async function muted(group: GroupView, now: number): Promise<boolean> {
    const { muteTimings } = deps;
    if (
      group.activeTimeIntervals.length &&
      !(await muteTimings.inAny(group.orgId, group.activeTimeIntervals, now))
    )
      return true;
    if (group.muteTimeIntervals.length === 0) return false;
    return muteTimings.inAny(group.orgId, group.muteTimeIntervals, now);
  }

  /** Alertmanager's inhibit stage: the alerts no firing alert inhibits. */
  async function uninhibited(
    group: GroupView,
    alerts: DispatchAlert[],
    now: number,
  ): Promise<DispatchAlert[]> {
    const inhibitor = await deps.inhibitions.inhibitor(group.orgId);
    if (!inhibitor) return alerts;
    const firing = deps.firing(group.orgId, now);
    return alerts.filter((alert) => inhibitor(alert.labels, firing).length === 0);
  }

  async function unsilenced(
    group: GroupView,
    alerts: DispatchAlert[],
    now: number,
  ): Promise<DispatchAlert[]> {
    const silencedBy = await Promise.all(
      alerts.map((alert) => deps.silences.silencedBy(group.orgId, alert.labels, now)),
    );
    return alerts.filter((_alert, index) => silencedBy[index]!.length === 0);
  }

  return {
    /**
     * Runs the pipeline for `alerts` at `now`. `flushTime` is the planned time of the flush (what
     * dedup and the log count repeats from); `only` limits it to some integrations (a retry).
     */
    async send(
      group: GroupView,
      alerts: DispatchAlert[],
      flushTime: number,
      now: number,
      only?: readonly string[],
    ): Promise<FlushOutcome> {
      // A muted, fully inhibited or fully silenced flush still counts as done: its resolved alerts
      // are dropped (Grafana #87007) and nothing is logged, so the next unmuted flush notifies.
      if (alerts.length === 0) return { failed: [] };
      const notInhibited = await uninhibited(group, alerts, now);
      if (notInhibited.length === 0 || (await muted(group, now))) return { failed: [] };
      const passing = (await unsilenced(group, notInhibited, now)).sort((a, b) =>
        compareAlertLabels(a.labels, b.labels),
      );
      if (passing.length === 0) return { failed: [] };

      const firing = new Set(passing.filter((a) => !isResolved(a, now)).map((a) => a.fingerprint));
      const resolved = new Set(passing.filter((a) => isResolved(a, now)).map((a) => a.fingerprint));
      const entries = await deps.store.logEntries(group.orgId, group.groupHash, group.receiver, now);
      const integrations = (await deps.alerting.integrationsOf(group.orgId, group.receiver)).filter(
        (integration) =>
          (!only || only.includes(integration.uid)) &&
          needsUpdate(
            entries.get(integration.uid),
            firing,
            resolved,
            !integration.disableResolveMessage,
            group.timing.repeatIntervalMs,
            flushTime,
          ),
      );
      if (integrations.length === 0) return { failed: [] };

      // Alertmanager's RetryStage: an integration without resolve messages gets the firing alerts
      // only, and nothing at all (yet a logged success) when none fire.
      const toSend = (alerts: DispatchAlert[], uids: string[]) =>
        uids.length === 0 || alerts.length === 0
          ? Promise.resolve(uids.map((uid) => ({ uid, status: 'skipped' as const })))
          : deps.alerting.notify(
              group.orgId,
              group.receiver,
              alerts.map((alert) => inputOf(alert, now)),
              {
                integrations: uids,
                groupKey: group.groupKey,
                groupLabels: group.groupLabels,
                now,
              },
            );
      const uidsWhere = (sendResolved: boolean) =>
        integrations.filter((i) => i.disableResolveMessage !== sendResolved).map((i) => i.uid);
      const outcomes = (
        await Promise.all([
          toSend(passing, uidsWhere(true)),
          toSend(
            passing.filter((alert) => !isResolved(alert, now)),
            uidsWhere(false),
          ),
        ])
      ).flat();
      const failed: string[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'failed') {
          failed.push(outcome.uid);
          continue;
        }
        await deps.store.saveLogEntry(
          {
            orgId: group.orgId,
            groupHash: group.groupHash,
            receiver: group.receiver,
            integration: outcome.uid,
          },
          { firing, resolved, sentAt: flushTime },
          logExpiry(flushTime, group.timing),
        );
      }
      if (failed.length) {
        deps.logger.warn(
          { receiver: group.receiver, groupKey: group.groupKey, failed },
          'alert notification failed',
        );
      }
      return { failed };
    },
  };
}

export type Flusher = ReturnType<typeof createFlusher>;

function inputOf(alert: DispatchAlert, now: number): AlertInput {
  return {
    labels: alert.labels,
    annotations: alert.annotations,
    startsAt: alert.startsAt,
    endsAt: alert.endsAt,
    generatorURL: alert.generatorURL,
    status: isResolved(alert, now) ? 'resolved' : 'firing',
  };
}
