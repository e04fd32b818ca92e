/**
 * How alerts get into the dispatcher's table: from the rule engine through the sink (queued, so
 * evaluation never waits for the database) and from the alerts API (awaited). The engine re-sends
 * every firing alert at least every 30 s with a later `endsAt`; writing each of those would cost a
 * row update per alert per 30 s for nothing, so a re-send is written only when something a reader
 * needs changed — labels (a new fingerprint), annotations, start, source URL, resolved or not — or
 * when the stored `endsAt` has used up a quarter of its validity. With the engine's 4 × interval
 * validity that is every other re-send, and the stored `endsAt` always keeps half its validity:
 * another instance taking over reads an alert that is still firing.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { AlertSink, OutgoingAlert } from '../alert-state/alert-sink.js';
import { alertKey, isResolved, type DispatchAlert } from './dispatch-alert.js';
import type { DispatchStore } from './dispatch.store.js';

const MAX_REMEMBERED = 200_000;

interface Written {
  content: string;
  endsAt: number;
  resolved: boolean;
}

export interface IntakeDeps {
  store: DispatchStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** the dispatcher learns of a write (or of a later `endsAt` that was not written) */
  observe(alert: DispatchAlert, written: boolean): void;
}

export function createIntake(deps: IntakeDeps) {
  const queue: { orgId: number; alerts: OutgoingAlert[] }[] = [];
  const written = new Map<string, Written>();
  let draining: Promise<void> | undefined;

  const contentOf = (alert: DispatchAlert) =>
    JSON.stringify([alert.annotations, alert.startsAt, alert.generatorURL, alert.source]);

  function remember(alert: DispatchAlert, now: number): void {
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(alertKey(alert.orgId, alert.fingerprint), {
      content: contentOf(alert),
      endsAt: alert.endsAt,
      resolved: isResolved(alert, now),
    });
  }

  /** Whether a re-sent alert must be written (see the module comment). */
  function mustWrite(alert: DispatchAlert, now: number): boolean {
    const last = written.get(alertKey(alert.orgId, alert.fingerprint));
    if (!last || last.content !== contentOf(alert)) return true;
    const resolved = isResolved(alert, now);
    if (resolved !== last.resolved) return true;
    if (resolved) return false;
    return last.endsAt - now < ((alert.endsAt - now) * 3) / 4;
  }

  function toDispatchAlert(orgId: number, outgoing: OutgoingAlert, now: number): DispatchAlert {
    return {
      orgId,
      fingerprint: outgoing.fingerprint,
      labels: outgoing.labels,
      annotations: outgoing.annotations,
      startsAt: outgoing.startsAt,
      endsAt: outgoing.endsAt,
      generatorURL: outgoing.generatorURL,
      source: 'rule',
      updatedAt: now,
    };
  }

  /**
   * Takes everything queued so far and writes what must be written in one transaction: the
   * engine hands alerts over one rule at a time, and a commit per alert would cost a disk sync
   * each (hundreds per second with thousands of firing rules).
   */
  async function drainQueue(): Promise<void> {
    while (queue.length) {
      const batch = queue.splice(0, queue.length);
      const now = deps.clock.now();
      const toWrite: DispatchAlert[] = [];
      for (const { orgId, alerts } of batch) {
        for (const outgoing of alerts) {
          const alert = toDispatchAlert(orgId, outgoing, now);
          if (mustWrite(alert, now)) toWrite.push(alert);
          // a resolved re-send changes nothing; a firing one only moves endsAt, kept in memory
          else if (!isResolved(alert, now)) deps.observe(alert, false);
        }
      }
      if (toWrite.length === 0) continue;
      try {
        await deps.store.saveAlerts(toWrite);
      } catch (err) {
        deps.logger.error({ err, alerts: toWrite.length }, 'could not store alerts for dispatch');
        continue;
      }
      for (const alert of toWrite) {
        remember(alert, now);
        deps.observe(alert, true);
      }
    }
  }

  function drain(): Promise<void> {
    draining ??= drainQueue().finally(() => (draining = undefined));
    return draining;
  }

  const sink: AlertSink = {
    deliver(orgId, alerts) {
      if (alerts.length === 0) return;
      queue.push({ orgId, alerts });
      void drain();
    },
  };

  return {
    sink,

    /** Waits until every alert the sink took is stored. */
    async settle(): Promise<void> {
      while (queue.length || draining) await drain();
    },

    /** Stores alerts POSTed to the API (already validated and merged); the dispatcher sees them. */
    async accept(alerts: DispatchAlert[]): Promise<void> {
      const now = deps.clock.now();
      await deps.store.saveAlerts(alerts);
      for (const alert of alerts) {
        remember(alert, now);
        deps.observe(alert, true);
      }
    },

    /** Another instance rewrote this alert: the next re-send is written whatever it holds. */
    forget(orgId: number, fingerprint: string): void {
      written.delete(alertKey(orgId, fingerprint));
    },

    /** Other instances led meanwhile (rows deleted or rewritten): every next re-send is written. */
    forgetAll(): void {
      written.clear();
    },

    isIdle: (): boolean => queue.length === 0 && draining === undefined,
  };
}

export type Intake = ReturnType<typeof createIntake>;
