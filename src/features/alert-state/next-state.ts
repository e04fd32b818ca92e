/**
 * One instance's next state from one evaluation result: Grafana's per-instance state machine
 * (reference §2.2), as a pure function of the rule, the instance's current state and the result.
 *
 * Decisions (where Grafana's versions differ or the reference leaves a choice):
 * - EndsAt of a non-Normal state (Pending, Alerting, Recovering, NoData, Error) is
 *   evalTime + 4 × max(interval, 30 s), renewed on every evaluation that keeps it — except
 *   Pending, which Grafana leaves untouched until `for` has passed; a Normal state has
 *   StartsAt = EndsAt = the time it became Normal.
 * - Normal → Pending when `for > 0`, Pending → Alerting once evalTime − StartsAt ≥ for; Alerting
 *   and Pending take StartsAt = the evaluation that entered them (Grafana's SetAlerting).
 * - Alerting + a Normal result with keep_firing_for > 0 → Recovering (StartsAt = now), back to
 *   Normal once evalTime − StartsAt ≥ keep_firing_for; Recovering + Alerting → Alerting
 *   directly, with a new StartsAt.
 * - The NoData and Error *states* are entered at once, without a pending period: Grafana's
 *   behaviour before PR #117024 (2026), the one the reference's state table describes. (Under the
 *   Alerting option a NoData/Error result does honour `for`, via Pending.)
 * - KeepLast (NoData or Error result): Alerting stays, Pending keeps counting `for`, any other
 *   state acts as on a Normal result (Grafana's resultKeepLast). Error results under OK and
 *   KeepLast still put the error in annotations (`Error`, `ref_id`, `datasource_uid`).
 * - ResolvedAt is set when Alerting, Recovering, NoData or Error becomes Normal (#103996 extended
 *   it beyond Alerting), kept through Normal and Pending, cleared by any other state.
 * - StateReason: set only when the resulting state differs from the result's state and the result
 *   is NoData or Error: `NoData`/`Error`, or `NoData, KeepLast`/`Error, KeepLast` under KeepLast.
 */

import type { EvaluationState } from '../alert-expressions/evaluation-result.js';
import type { AlertRule } from '../alert-rules/alert-rule.js';
import type { InstanceState } from './alert-instance.js';

/** The part of an instance the state machine decides. */
export interface CoreState {
  state: InstanceState;
  reason: string;
  startsAt: number;
  endsAt: number;
  resolvedAt: number | null;
  /** the state the instance left for Normal at resolvedAt (NoData/Error resolve under their own alertname) */
  resolvedFrom?: InstanceState;
}

/**
 * Where an Error result's error and query facts go: the Error state puts `ref_id` and
 * `datasource_uid` in its labels, the other options in annotations.
 */
export type ErrorPlacement = 'annotations' | 'labels' | undefined;

const resendMinimumMs = 30_000;
const endsAtIntervals = 4;

/** States whose alert the Alertmanager holds; leaving one for Normal is a resolve. */
export const FIRING_STATES: ReadonlySet<InstanceState> = new Set([
  'Alerting',
  'Recovering',
  'NoData',
  'Error',
]);

export function nextEndsAt(rule: AlertRule, evalTime: number): number {
  return evalTime + endsAtIntervals * Math.max(rule.intervalSeconds * 1000, resendMinimumMs);
}

type Core = Omit<CoreState, 'reason' | 'resolvedAt' | 'resolvedFrom'>;

function enter(state: InstanceState, rule: AlertRule, t: number): Core {
  return { state, startsAt: t, endsAt: state === 'Normal' ? t : nextEndsAt(rule, t) };
}

function maintain(c: Core, rule: AlertRule, t: number): Core {
  return { ...c, endsAt: nextEndsAt(rule, t) };
}

function onNormal(rule: AlertRule, c: Core, t: number): Core {
  switch (c.state) {
    case 'Normal':
      return c;
    case 'Alerting':
      return rule.keepFiringForSeconds > 0 ? enter('Recovering', rule, t) : enter('Normal', rule, t);
    case 'Recovering':
      return t - c.startsAt >= rule.keepFiringForSeconds * 1000
        ? enter('Normal', rule, t)
        : maintain(c, rule, t);
    default:
      return enter('Normal', rule, t);
  }
}

function onAlerting(rule: AlertRule, c: Core, t: number): Core {
  switch (c.state) {
    case 'Alerting':
      return maintain(c, rule, t);
    case 'Pending':
      // Grafana leaves a Pending state untouched until `for` has passed (Pending is never sent).
      return t - c.startsAt >= rule.forSeconds * 1000 ? enter('Alerting', rule, t) : c;
    case 'Recovering':
      return enter('Alerting', rule, t);
    default:
      return enter(rule.forSeconds > 0 ? 'Pending' : 'Alerting', rule, t);
  }
}

/** KeepLast: the last real outcome stands — Alerting stays, Pending keeps counting, the rest act as Normal. */
function onKeepLast(rule: AlertRule, c: Core, t: number): Core {
  return c.state === 'Alerting' || c.state === 'Pending' ? onAlerting(rule, c, t) : onNormal(rule, c, t);
}

/** Entered at once (no pending period), its StartsAt kept while it lasts. */
function onOwnState(state: 'NoData' | 'Error', rule: AlertRule, c: Core, t: number): Core {
  return c.state === state ? maintain(c, rule, t) : enter(state, rule, t);
}

function step(
  rule: AlertRule,
  c: Core,
  result: EvaluationState,
  t: number,
): { core: Core; errors: ErrorPlacement } {
  switch (result) {
    case 'Normal':
      return { core: onNormal(rule, c, t), errors: undefined };
    case 'Alerting':
      return { core: onAlerting(rule, c, t), errors: undefined };
    case 'NoData': {
      const handlers = {
        Alerting: onAlerting,
        NoData: (r: AlertRule, x: Core, u: number) => onOwnState('NoData', r, x, u),
        OK: onNormal,
        KeepLast: onKeepLast,
      };
      return { core: handlers[rule.noDataState](rule, c, t), errors: undefined };
    }
    case 'Error':
      switch (rule.execErrState) {
        case 'Alerting':
          return { core: onAlerting(rule, c, t), errors: 'annotations' };
        case 'Error':
          return { core: onOwnState('Error', rule, c, t), errors: 'labels' };
        // OK and KeepLast still show the error (annotation `Error`), as Grafana does
        case 'OK':
          return { core: onNormal(rule, c, t), errors: 'annotations' };
        case 'KeepLast':
          return { core: onKeepLast(rule, c, t), errors: 'annotations' };
      }
  }
}

function reasonOf(rule: AlertRule, state: InstanceState, result: EvaluationState): string {
  if (result !== 'NoData' && result !== 'Error') return '';
  if (state === result) return '';
  const option = result === 'NoData' ? rule.noDataState : rule.execErrState;
  return option === 'KeepLast' ? `${result}, KeepLast` : result;
}

/** The next state of an instance in state `current` after a result of state `result` at `t`. */
export function nextState(
  rule: AlertRule,
  current: CoreState,
  result: EvaluationState,
  t: number,
): { next: CoreState; errors: ErrorPlacement } {
  const { core, errors } = step(
    rule,
    { state: current.state, startsAt: current.startsAt, endsAt: current.endsAt },
    result,
    t,
  );
  const next: CoreState = { ...core, reason: reasonOf(rule, core.state, result), resolvedAt: null };
  if (core.state === 'Normal' && FIRING_STATES.has(current.state)) {
    next.resolvedAt = t;
    next.resolvedFrom = current.state;
  } else if (core.state === 'Normal' || core.state === 'Pending') {
    next.resolvedAt = current.resolvedAt;
    if (current.resolvedFrom !== undefined) next.resolvedFrom = current.resolvedFrom;
  }
  return { next, errors };
}
