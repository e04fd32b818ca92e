import type { AlertInstance } from './alert-instance.js';
import type { InstanceChanges, InstancesStore } from './instances.store.js';

/** How a rule's last evaluation went, for the Prometheus-compatible rules API. */
export interface RuleEvaluationStatus {
  /** epoch ms of the evaluation time (the tick) */
  lastEvaluation: number;
  durationMs: number;
  health: 'ok' | 'error' | 'nodata';
  lastError?: string;
}

/**
 * The live state of every rule's instances on the instance that evaluates them. Reads come from
 * memory; each evaluation's changes are written through to `alert_instance` (only instances whose
 * persisted fields changed, so a steady firing alert costs no writes) together with the history.
 * `warm()` reloads everything from the database when this instance starts evaluating (start-up or
 * failover), so Pending timers and firing alerts carry on where the previous evaluator left them.
 */
export function createStateCache(store: InstancesStore) {
  const byRule = new Map<string, Map<string, AlertInstance>>();
  /** the persisted form's key per instance: unchanged key → no write */
  const persistedKeys = new Map<string, Map<string, string>>();
  const statuses = new Map<string, RuleEvaluationStatus>();
  let warm = false;

  const ruleKey = (orgId: number, ruleUid: string) => `${orgId}/${ruleUid}`;

  return {
    get isWarm(): boolean {
      return warm;
    },

    async warm(): Promise<void> {
      byRule.clear();
      persistedKeys.clear();
      for (const instance of await store.all()) {
        const key = ruleKey(instance.orgId, instance.ruleUid);
        let rule = byRule.get(key);
        if (!rule) byRule.set(key, (rule = new Map<string, AlertInstance>()));
        rule.set(instance.fingerprint, instance);
        let keys = persistedKeys.get(key);
        if (!keys) persistedKeys.set(key, (keys = new Map<string, string>()));
        keys.set(instance.fingerprint, persistedKey(instance));
      }
      warm = true;
    },

    /** This instance stopped evaluating: its memory goes stale, the next evaluator owns the state. */
    forget(): void {
      byRule.clear();
      persistedKeys.clear();
      statuses.clear();
      warm = false;
    },

    instancesOf(orgId: number, ruleUid: string): AlertInstance[] {
      return [...(byRule.get(ruleKey(orgId, ruleUid))?.values() ?? [])];
    },

    statusOf(orgId: number, ruleUid: string): RuleEvaluationStatus | undefined {
      return statuses.get(ruleKey(orgId, ruleUid));
    },

    /** every instance of an org, for the read APIs */
    ofOrg(orgId: number): AlertInstance[] {
      const prefix = `${orgId}/`;
      return [...byRule].filter(([key]) => key.startsWith(prefix)).flatMap(([, rule]) => [...rule.values()]);
    },

    /** the rules that have instances in memory */
    rulesWithInstances(): { orgId: number; uid: string }[] {
      return [...byRule.values()].flatMap((rule) => {
        const first = rule.values().next().value;
        return first ? [{ orgId: first.orgId, uid: first.ruleUid }] : [];
      });
    },

    /** Count of instances per state over every rule (the active-alerts gauge). */
    countByState(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const rule of byRule.values()) {
        for (const instance of rule.values())
          counts.set(instance.state, (counts.get(instance.state) ?? 0) + 1);
      }
      return counts;
    },

    /**
     * Replaces a rule's instances with the outcome of an evaluation (or a reset) and persists what
     * changed. Returns the number of instance rows written.
     */
    async replace(
      rule: { orgId: number; uid: string; title: string; folderUid: string },
      instances: AlertInstance[],
      transitions: InstanceChanges['transitions'],
      status?: RuleEvaluationStatus,
    ): Promise<number> {
      const key = ruleKey(rule.orgId, rule.uid);
      const oldKeys = persistedKeys.get(key) ?? new Map<string, string>();
      const newKeys = new Map<string, string>();
      const upserted: AlertInstance[] = [];
      for (const instance of instances) {
        const persisted = persistedKey(instance);
        newKeys.set(instance.fingerprint, persisted);
        if (oldKeys.get(instance.fingerprint) !== persisted) upserted.push(instance);
      }
      const deleted = [...oldKeys.keys()].filter((fingerprint) => !newKeys.has(fingerprint));
      await store.apply({
        orgId: rule.orgId,
        ruleUid: rule.uid,
        upserted,
        deleted,
        transitions,
        rule: { title: rule.title, folderUid: rule.folderUid },
      });
      if (instances.length) {
        byRule.set(key, new Map(instances.map((i) => [i.fingerprint, i])));
        persistedKeys.set(key, newKeys);
      } else {
        byRule.delete(key);
        persistedKeys.delete(key);
      }
      if (status) statuses.set(key, status);
      return upserted.length + deleted.length;
    },

    /** A deleted rule: drop its memory (its rows went with the reset). */
    dropRule(orgId: number, ruleUid: string): void {
      const key = ruleKey(orgId, ruleUid);
      byRule.delete(key);
      persistedKeys.delete(key);
      statuses.delete(key);
    },
  };
}

export type StateCache = ReturnType<typeof createStateCache>;

/**
 * What must survive a restart: the state, its reason and timers, the labels and annotations shown.
 * Values, lastEvalAt and endsAt of a steady state change every evaluation and are recomputed by
 * the next one, so they do not force a write.
 */
function persistedKey(instance: AlertInstance): string {
  return JSON.stringify([
    instance.state,
    instance.reason,
    instance.startsAt,
    instance.resolvedAt,
    instance.error ?? '',
    instance.annotations,
  ]);
}
