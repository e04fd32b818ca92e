import { systemClock } from '../../lib/clock.js';
import type { FeatureDeps } from '../feature.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { AlertSink } from '../alert-state/alert-sink.js';
import type { AlertingFeature } from '../alerting/alerting.feature.js';
import type { InhibitionLookup } from '../alert-inhibition/inhibition-rules.lookup.js';
import type { MuteTimingsLookup } from '../alert-mute-timings/mute-timings.lookup.js';
import type { SilencesLookup } from '../alert-silences/silences.lookup.js';
import { registerAlertsApiRoutes } from './alerts-api.routes.js';
import { createAlertsApiService } from './alerts-api.service.js';
import { createDispatchStore } from './dispatch.store.js';
import { createDispatcher } from './dispatcher.js';
import { createFlusher } from './flush.js';
import { createIntake } from './intake.js';
import { createOrgRouting } from './org-routing.js';

/** The dispatcher's base tick: group timings are honoured to the second. */
const TICK_MS = 1000;

export interface AlertDispatcher {
  /** what the rule engine hands its alerts to */
  sink: AlertSink;
  /** one dispatch round at `now`; tests on a manual clock call it after `alertScheduler.tick` */
  tick(now: number): Promise<void>;
  /** nothing queued from the sink and no round running */
  isIdle(): boolean;
}

/**
 * Alert notifications (issue #17): the dispatcher between the rule engine (and clients POSTing
 * alerts) and the contact points, with Alertmanager's routing, grouping, timing and dedup, its
 * state in the database so restarts and failovers neither repeat nor lose notifications; and the
 * Alertmanager alerts API. Only the instance holding the scheduler's lease dispatches (`leading`:
 * the evaluating instance, or with execute_alerts = false everywhere, one that only dispatches);
 * the 1 s loop runs on the system clock only, as the scheduler's does.
 */
export function registerAlertDispatch(
  deps: FeatureDeps,
  siblings: {
    alerting: Pick<AlertingFeature, 'notify' | 'policyTree' | 'integrationsOf'>;
    rules: Pick<AlertRulesLookup, 'byUid'>;
    /** late-bound: the scheduler holding the lease is created after the dispatcher */
    leading: () => boolean;
    silences: SilencesLookup;
    muteTimings: MuteTimingsLookup;
    inhibitions: InhibitionLookup;
  },
): AlertDispatcher {
  const { clock, logger } = deps;
  const store = createDispatchStore(deps.db);
  const routing = createOrgRouting({ alerting: siblings.alerting, rules: siblings.rules });
  const flusher = createFlusher({
    store,
    alerting: siblings.alerting,
    silences: siblings.silences,
    muteTimings: siblings.muteTimings,
    inhibitions: siblings.inhibitions,
    // the flusher runs inside the dispatcher's rounds, after `dispatcher` exists
    firing: (orgId, now) => dispatcher.firing(orgId, now),
    logger,
  });
  // The intake tells the dispatcher of every write; the dispatcher tells the intake when another
  // instance rewrote an alert. Each is created with a thunk to the other.
  const intake = createIntake({
    store,
    clock,
    logger,
    observe: (alert, written) => dispatcher.observe(alert, written),
  });
  const dispatcher = createDispatcher({
    store,
    routing,
    flusher,
    leading: siblings.leading,
    settle: () => intake.settle(),
    foreignWrite: (orgId, fingerprint) => intake.forget(orgId, fingerprint),
    resigned: () => intake.forgetAll(),
    logger,
  });

  registerAlertsApiRoutes(
    deps.api,
    createAlertsApiService({
      store,
      routing,
      intake,
      silences: siblings.silences,
      inhibitions: siblings.inhibitions,
      clock,
    }),
  );

  const { unifiedAlerting } = deps.config;
  if (unifiedAlerting.enabled && clock === systemClock) {
    let timer: NodeJS.Timeout | undefined;
    deps.hooks.onStart(() => {
      timer = setInterval(() => {
        // A round still running (slow receivers) makes this one wait instead of overlapping. A
        // follower's round only checks the lease (and drops its copy when it lost it).
        if (!dispatcher.isIdle()) return;
        dispatcher
          .tick(clock.now())
          .catch((err: unknown) => logger.error({ err }, 'alert dispatch round failed'));
      }, TICK_MS);
      timer.unref();
      return Promise.resolve();
    });
    deps.hooks.onShutdown(async () => {
      clearInterval(timer);
      await intake.settle();
      while (!dispatcher.isIdle()) await new Promise((resolve) => setTimeout(resolve, 50));
    });
  }

  return {
    sink: intake.sink,
    tick: (now) => dispatcher.tick(now),
    isIdle: () => intake.isIdle() && dispatcher.isIdle(),
  };
}
