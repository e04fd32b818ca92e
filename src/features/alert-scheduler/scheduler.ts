import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import { BASE_INTERVAL_SECONDS, type AlertRule } from '../alert-rules/alert-rule.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import { labelsFingerprint } from '../alert-state/fingerprint.js';
import type { StateCache } from '../alert-state/state-cache.js';
import type { LeaseStore } from './lease.store.js';
import type { RuleEvaluator } from './rule-evaluator.js';

const BASE_MS = BASE_INTERVAL_SECONDS * 1000;
/** A lease outlives one missed renewal; a dead holder is replaced within about 1.5 ticks. */
const LEASE_TTL_MS = BASE_MS + BASE_MS / 2;

interface KnownRule {
  rule: AlertRule;
  /** which tick of its group interval the rule runs on (Grafana's jitter by group) */
  offset: number;
  /** what, when changed, restarts its state (`Updated`) */
  content: string;
}

export interface SchedulerDeps {
  rules: Pick<AlertRulesLookup, 'allRules' | 'changeStamp' | 'onRulesChanged'>;
  evaluator: RuleEvaluator;
  states: StateCache;
  lease: LeaseStore;
  /** this process's name in the lease */
  holder: string;
  /**
   * `[unified_alerting] execute_alerts`. An instance that does not evaluate still takes the lease
   * when no evaluating instance holds it, so alerts POSTed to the Alertmanager API are dispatched;
   * an evaluating instance takes the lease from it at its next tick.
   */
  evaluates: boolean;
  clock: Clock;
  metrics: Metrics;
  logger: FastifyBaseLogger;
}

/**
 * Grafana's scheduler: a tick every base interval (10 s); a rule is due when
 * `tick % (interval / 10 s)` equals its group's offset, so groups spread over their interval, and
 * within a tick the due rules start spread over the 10 s. Evaluation time is the tick time. A rule
 * whose previous evaluation is still running skips the tick (counted), so a slow data source
 * delays only its own rules. In HA only the holder of the database lease evaluates; when it stops
 * renewing, the next instance to tick takes over with the persisted state.
 */
const DISPATCH_ONLY = '/dispatch-only';

export function createScheduler(deps: SchedulerDeps) {
  const { evaluator, states, metrics } = deps;
  const holder = deps.evaluates
    ? deps.holder
    : `${deps.holder.slice(0, 64 - DISPATCH_ONLY.length)}${DISPATCH_ONLY}`;
  const preempts = (current: string) => deps.evaluates && current.endsWith(DISPATCH_ONLY);
  const known = new Map<string, KnownRule>();
  const inFlight = new Set<string>();
  let stamp: string | undefined;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  // A local write refreshes on the next tick even if the stamp could not tell (same count and sum).
  deps.rules.onRulesChanged(() => (stamp = undefined));

  const keyOf = (rule: { orgId: number; uid: string }) => `${rule.orgId}/${rule.uid}`;

  async function refreshRules(now: number): Promise<void> {
    const current = await deps.rules.changeStamp();
    if (current === stamp) return;
    const rules = await deps.rules.allRules();
    const seen = new Set<string>();
    const resets: Promise<void>[] = [];
    for (const rule of rules) {
      const key = keyOf(rule);
      seen.add(key);
      const before = known.get(key);
      const next: KnownRule = { rule, offset: offsetOf(rule), content: contentOf(rule) };
      known.set(key, next);
      if (!before) continue;
      if (rule.isPaused && !before.rule.isPaused) resets.push(evaluator.reset(rule, 'Paused', now));
      else if (before.content !== next.content) resets.push(evaluator.reset(rule, 'Updated', now));
    }
    for (const [key, { rule }] of known) {
      if (seen.has(key)) continue;
      known.delete(key);
      resets.push(evaluator.reset(rule, 'RuleDeleted', now));
    }
    // instances persisted for rules deleted while nobody evaluated
    for (const orphan of states.rulesWithInstances()) {
      if (!seen.has(keyOf(orphan)))
        resets.push(states.replace({ ...orphan, title: '', folderUid: '' }, [], []).then(() => {}));
    }
    await Promise.all(resets);
    stamp = current;
  }

  function publishGauges(): void {
    const counts = states.countByState();
    metrics.alertingActiveAlerts.set(counts.get('Alerting') ?? 0);
    for (const state of ['Normal', 'Pending', 'Alerting', 'Recovering', 'NoData', 'Error']) {
      metrics.alertingInstances.set({ state: state.toLowerCase() }, counts.get(state) ?? 0);
    }
  }

  function startEvaluation(entry: KnownRule, evalTime: number): Promise<void> {
    const key = keyOf(entry.rule);
    if (inFlight.has(key)) {
      metrics.alertingEvaluationsMissed.inc();
      return Promise.resolve();
    }
    inFlight.add(key);
    return evaluator.evaluate(entry.rule, evalTime).finally(() => inFlight.delete(key));
  }

  /**
   * Starts the due rules one after another, rule i at `i × spread / n` after the first: one timer
   * at a time (not one per rule), and a rule whose slot has passed starts at once.
   */
  async function startSpread(due: KnownRule[], evalTime: number, spreadMs: number): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    const first = performance.now();
    const step = due.length ? spreadMs / due.length : 0;
    for (const [index, entry] of due.entries()) {
      const slot = first + index * step;
      const wait = slot - performance.now();
      if (wait >= 1 && !(await sleep(wait, true, { signal: stopping.signal }).catch(() => false))) break;
      // the rule may have been deleted or paused while it waited for its slot
      const latest = known.get(keyOf(entry.rule));
      if (!latest || latest.rule.isPaused) continue;
      metrics.alertingEvaluationDelay.observe(Math.max(0, performance.now() - slot));
      started.push(startEvaluation(latest, evalTime));
    }
    return started;
  }

  /**
   * Runs one tick at `tickTime` (a multiple of 10 s). Resolves when every evaluation it started has
   * finished. `spread` delays the due rules over the tick (the timer loop does; tests do not).
   */
  async function tick(tickTime: number, options: { spread?: boolean } = {}): Promise<void> {
    const now = deps.clock.now();
    metrics.alertingSchedulerBehind.set(Math.max(0, now - tickTime) / 1000);
    if (!(await deps.lease.acquire(holder, now, now + LEASE_TTL_MS, preempts))) {
      if (leading) {
        deps.logger.info('alert rule evaluation moved to another instance');
        leading = false;
        known.clear();
        stamp = undefined;
        states.forget();
      }
      return;
    }
    if (!leading) {
      if (deps.evaluates) await states.warm();
      leading = true;
      deps.logger.info(
        deps.evaluates
          ? 'this instance evaluates alert rules'
          : 'this instance dispatches alerts (execute_alerts = false)',
      );
    }
    if (!deps.evaluates) return;
    await refreshRules(tickTime);
    const tickNumber = Math.floor(tickTime / BASE_MS);
    const due = [...known.values()].filter(
      (entry) => !entry.rule.isPaused && tickNumber % frequencyOf(entry.rule) === entry.offset,
    );
    await Promise.all(await startSpread(due, tickTime, options.spread ? BASE_MS : 0));
    publishGauges();
  }

  function scheduleNext(): void {
    const now = deps.clock.now();
    const next = (Math.floor(now / BASE_MS) + 1) * BASE_MS;
    timer = setTimeout(() => {
      const run = tick(next, { spread: true }).catch((error: unknown) =>
        deps.logger.error({ err: error }, 'alert scheduler tick failed'),
      );
      running.add(run);
      void run.finally(() => running.delete(run));
      scheduleNext();
    }, next - now);
    timer.unref();
  }

  return {
    tick,
    /** whether this instance holds the evaluator lease (what it evaluates, it also dispatches) */
    isLeading: (): boolean => leading,
    /** the timer loop (system clock only; with an injected clock the injector drives `tick`) */
    start(): void {
      scheduleNext();
    },
    async stop(): Promise<void> {
      clearTimeout(timer);
      stopping.abort();
      await Promise.all(running);
      if (leading) await deps.lease.release(holder);
      leading = false;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

function frequencyOf(rule: AlertRule): number {
  return Math.max(1, Math.round(rule.intervalSeconds / BASE_INTERVAL_SECONDS));
}

/** Grafana's jitter: a hash of the group, modulo the group's ticks per interval. */
function offsetOf(rule: AlertRule): number {
  const hash = BigInt(
    `0x${labelsFingerprint({ name: rule.ruleGroup, file: rule.folderUid, orgId: String(rule.orgId) })}`,
  );
  return Number(hash % BigInt(frequencyOf(rule)));
}

function contentOf(rule: AlertRule): string {
  return JSON.stringify([
    rule.title,
    rule.folderUid,
    rule.condition,
    rule.data,
    rule.labels,
    rule.noDataState,
    rule.execErrState,
    rule.forSeconds,
    rule.keepFiringForSeconds,
    rule.notificationSettings,
    rule.intervalSeconds,
  ]);
}
