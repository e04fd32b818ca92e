import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import type { SilencesLookup } from './silences.lookup.js';
import { compileSilence, type CompiledSilence, type Silence } from './silence.js';

const TOPIC = 'alert-silences';
/** Entries are exact when every write reaches this instance (one instance, or a cross-instance bus). */
const EXACT_TTL_MS = 60_000;
/** HA without a cross-instance bus: another instance's silence takes effect here within this bound. */
const HA_TTL_MS = 5_000;
const MAX_ORGS = 10_000;

/**
 * Per-org cache of the silences not yet ended (active and pending, matchers compiled), so the
 * dispatcher's per-alert check costs no query. A silence's state moves with the clock, so each
 * check compares its times with `now`; an entry only needs dropping when silences are written:
 * after commit here and, through the cache bus, on the other instances.
 */
export function createSilencesCache(deps: {
  load: (orgId: number, now: number) => Promise<Silence[]>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  const ttl = !deps.highAvailability || deps.cacheBus.crossInstance ? EXACT_TTL_MS : HA_TTL_MS;
  const entries = new Map<number, { silences: Promise<CompiledSilence[]>; at: number }>();
  // Bumped on every invalidation: a load that started before one is served but not kept.
  let generation = 0;

  const drop = (orgId?: number) => {
    generation += 1;
    if (orgId === undefined) entries.clear();
    else entries.delete(orgId);
  };
  deps.cacheBus.subscribe(TOPIC, (detail) => {
    const orgId = Number(detail);
    drop(Number.isInteger(orgId) && orgId > 0 ? orgId : undefined);
  });
  // Writes that bypass the service (an org's cascade) still pass the change tracker.
  deps.database.onTablesChanged((change) => {
    if (change.tables.has('alert_silence')) drop();
  });

  const of = (orgId: number): Promise<CompiledSilence[]> => {
    const now = deps.clock.now();
    const cached = entries.get(orgId);
    if (cached && now - cached.at < ttl) return cached.silences;
    const started = generation;
    const silences = deps.load(orgId, now).then((list) => list.map(compileSilence));
    if (entries.size >= MAX_ORGS) entries.delete(entries.keys().next().value!);
    entries.set(orgId, { silences, at: now });
    silences.then(
      () => {
        if (generation !== started && entries.get(orgId)?.silences === silences) entries.delete(orgId);
      },
      () => entries.delete(orgId),
    );
    return silences;
  };

  const lookup: SilencesLookup = {
    async silencedBy(orgId, labels, now) {
      const ids: string[] = [];
      for (const silence of await of(orgId)) {
        if (silence.startsAt <= now && now < silence.endsAt && silence.matches(labels)) ids.push(silence.id);
      }
      return ids;
    },
  };

  return {
    lookup,
    /** After a silence write committed: every instance drops the org's entry. */
    changed(orgId: number): void {
      deps.cacheBus.publish(TOPIC, String(orgId));
    },
  };
}
