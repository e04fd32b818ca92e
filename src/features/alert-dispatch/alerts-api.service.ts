/**
 * The Alertmanager alerts API over the dispatcher's table (reference §1.6): any instance answers
 * reads from the table and accepts POSTs into it; the leading instance's dispatcher picks written
 * rows up by `updated_at`.
 */

import type { Clock } from '../../lib/clock.js';
import { alertFingerprint } from '../alert-state/fingerprint.js';
import { compileMatcher, MatcherError, parseMatcher } from '../alerting/routing/matchers.js';
import type { InhibitionLookup } from '../alert-inhibition/inhibition-rules.lookup.js';
import type { SilencesLookup } from '../alert-silences/silences.lookup.js';
import { badAlertsQuery, invalidAlert } from './alert-dispatch.errors.js';
import { gettableAlert, type GettableAlert } from './alerts-api.present.js';
import type { AlertsQuery, PostableAlert } from './alerts-api.schema.js';
import { isResolved, type DispatchAlert } from './dispatch-alert.js';
import type { DispatchStore } from './dispatch.store.js';
import type { Intake } from './intake.js';
import type { OrgRouting } from './org-routing.js';
import { labelSetText, type Destination } from './routing.js';

/** Alertmanager's resolve_timeout: a posted alert without an end fires for this long. */
const DEFAULT_RESOLVE_TIMEOUT_MS = 5 * 60_000;
/** Grafana drops this label from alerts it receives. */
const NAMESPACE_LABEL = '__alert_rule_namespace_uid__';

interface Described {
  alert: DispatchAlert;
  destinations: Destination[];
  silencedBy: string[];
  inhibitedBy: string[];
}

export function createAlertsApiService(deps: {
  store: DispatchStore;
  routing: OrgRouting;
  intake: Pick<Intake, 'accept'>;
  silences: SilencesLookup;
  inhibitions: InhibitionLookup;
  clock: Clock;
}) {
  /** The org's current alerts with their routes, silences and inhibitions, filtered as the query asks. */
  async function described(orgId: number, query: AlertsQuery): Promise<Described[]> {
    const now = deps.clock.now();
    const filters = [query.filter ?? []].flat().map((text) => {
      try {
        return compileMatcher(parseMatcher(text));
      } catch (err) {
        if (err instanceof MatcherError) throw badAlertsQuery(`bad matcher format: ${text}`);
        throw err;
      }
    });
    let receiver: RegExp | undefined;
    if (query.receiver) {
      try {
        receiver = new RegExp(`^(?:${query.receiver})$`, 'u');
      } catch {
        throw badAlertsQuery(`failed to parse receiver param: ${query.receiver}`);
      }
    }
    const showActive = query.active ?? true;
    const showSilenced = query.silenced ?? true;
    const showInhibited = query.inhibited ?? true;

    const firing = (await deps.store.alertsOf(orgId)).filter((alert) => !isResolved(alert, now));
    const inhibitor = await deps.inhibitions.inhibitor(orgId);
    const alerts = firing.filter((alert) => filters.every((m) => m.matches(alert.labels)));
    const tree = await deps.routing.tree(orgId);
    const result: Described[] = [];
    for (const alert of alerts) {
      const destinations = (await deps.routing.destinations(orgId, tree, alert.labels)).filter(
        (d) => !receiver || receiver.test(d.receiver),
      );
      if (receiver && destinations.length === 0) continue;
      const silencedBy = await deps.silences.silencedBy(orgId, alert.labels, now);
      const inhibitedBy = inhibitor ? inhibitor(alert.labels, firing) : [];
      // Alertmanager's alertFilter: each flag hides the alerts in its state
      if (silencedBy.length === 0 && inhibitedBy.length === 0 && !showActive) continue;
      if (silencedBy.length && !showSilenced) continue;
      if (inhibitedBy.length && !showInhibited) continue;
      result.push({ alert, destinations, silencedBy, inhibitedBy });
    }
    return result.sort((a, b) => (a.alert.fingerprint < b.alert.fingerprint ? -1 : 1));
  }

  const receiversOf = (destinations: Destination[]) => [...new Set(destinations.map((d) => d.receiver))];

  return {
    async list(orgId: number, query: AlertsQuery): Promise<GettableAlert[]> {
      return (await described(orgId, query)).map(({ alert, destinations, silencedBy, inhibitedBy }) =>
        gettableAlert(alert, receiversOf(destinations), silencedBy, inhibitedBy),
      );
    },

    /** Alertmanager's AlertGroups: one entry per aggregation group, ordered by receiver and labels. */
    async groups(orgId: number, query: AlertsQuery) {
      const groups = new Map<
        string,
        { labels: Record<string, string>; receiver: { name: string }; alerts: GettableAlert[] }
      >();
      for (const { alert, destinations, silencedBy, inhibitedBy } of await described(orgId, query)) {
        const gettable = gettableAlert(alert, receiversOf(destinations), silencedBy, inhibitedBy);
        for (const destination of destinations) {
          const group = groups.get(destination.groupHash) ?? {
            labels: destination.groupLabels,
            receiver: { name: destination.receiver },
            alerts: [],
          };
          group.alerts.push(gettable);
          groups.set(destination.groupHash, group);
        }
      }
      const sortKey = (g: { labels: Record<string, string>; receiver: { name: string } }) =>
        `${g.receiver.name}\n${labelSetText(g.labels)}`;
      return [...groups.values()].sort((a, b) =>
        sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0,
      );
    },

    /**
     * Alertmanager's PutAlerts: empty names and values dropped, `startsAt` defaults to `endsAt` or
     * now, a missing `endsAt` to now + 5 m; an alert still firing keeps its earlier start.
     */
    async post(orgId: number, posted: PostableAlert[]): Promise<void> {
      const now = deps.clock.now();
      const errors: string[] = [];
      const alerts: DispatchAlert[] = [];
      for (const input of posted) {
        const labels = cleaned(input.labels);
        delete labels[NAMESPACE_LABEL];
        const endsAt = input.endsAt === undefined ? undefined : Date.parse(input.endsAt);
        const startsAt = input.startsAt === undefined ? (endsAt ?? now) : Date.parse(input.startsAt);
        if (Object.keys(labels).length === 0) {
          errors.push('at least one label pair required');
          continue;
        }
        if (endsAt !== undefined && endsAt < startsAt) {
          errors.push('start time must be before end time');
          continue;
        }
        const fingerprint = alertFingerprint(labels);
        const existing = await deps.store.alert(orgId, fingerprint);
        const sameEpisode = existing !== undefined && !isResolved(existing, now);
        alerts.push({
          orgId,
          fingerprint,
          labels,
          annotations: cleaned(input.annotations ?? {}),
          startsAt: sameEpisode ? Math.min(existing.startsAt, startsAt) : startsAt,
          endsAt: endsAt ?? now + DEFAULT_RESOLVE_TIMEOUT_MS,
          generatorURL: input.generatorURL ?? '',
          source: 'api',
          updatedAt: now,
        });
      }
      // Alertmanager stores the valid alerts and answers 400 naming the invalid ones.
      await deps.intake.accept(alerts);
      if (errors.length) throw invalidAlert(errors.join(';'));
    },
  };
}

export type AlertsApiService = ReturnType<typeof createAlertsApiService>;

function cleaned(entries: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter(([name, value]) => name !== '' && value !== ''));
}
