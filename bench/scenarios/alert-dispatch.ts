// The notification benchmark of issue #17: BENCH_DISPATCH_ALERTS (10 000) firing alerts in
// BENCH_DISPATCH_GROUPS (1 000) groups, POSTed to the Alertmanager alerts API (the intake the rule
// engine's alerts use too), routed through a policy tree of BENCH_DISPATCH_ROUTES (50) child routes
// matching `team`, each to its own webhook contact point in this process. Group i holds alerts
// i*10 … i*10+9 and belongs to team i % 50; group_wait 1 s, group_interval 10 s. Figures: time
// from the POST being answered to the alert's arrival at its webhook (p50, p99, on this process's
// clock), notifications per second, and the server's CPU and RSS over the burst.
//
// The server runs on the system clock, so the dispatcher's 1 s loop and the lease are real: only
// the holder of the evaluation lease dispatches, and the lease is taken by a scheduler tick (every
// 10 s on the wall clock), so the first dispatch after start can wait up to ~10 s. That wait is a
// start-up cost, not a cost of dispatching: the study first posts one probe alert (to the root
// route's contact point) and waits until it is delivered — proof the lease is held and the loop
// runs — reports that wait on its own, and only then times the burst.
import { setTimeout as sleep } from 'node:timers/promises';
import { apiClient, type Api } from '../api-seed.js';
import { cpuSeconds, rssMb } from '../server.js';
import { startHookRecorder, type HookRecorder } from './alert-dispatch-hooks.js';
import type { Figure, Study } from './types.js';

const ALERTS = Number(process.env.BENCH_DISPATCH_ALERTS ?? 10_000);
const GROUPS = Number(process.env.BENCH_DISPATCH_GROUPS ?? 1_000);
const ROUTES = Number(process.env.BENCH_DISPATCH_ROUTES ?? 50);
/** Alerts per POST: whole groups each, so a group's alerts arrive together (see `alertsOf`). */
const PER_POST = 1_000;
const GROUP_INTERVAL_S = 10;
/** How long the burst may take before the study reports what arrived. */
const DELIVERY_TIMEOUT_S = Number(process.env.BENCH_DISPATCH_TIMEOUT ?? 180);
const POSTED_PATH = '/api/alertmanager/grafana/api/v2/alerts';
const PROBE = 'probe';

/** Alert i: group floor(i / per group), that group's team; `instance` names it at the webhook. */
function alertOf(i: number, now: number) {
  const group = Math.floor(i / Math.ceil(ALERTS / GROUPS));
  return {
    labels: { alertname: 'BenchDispatch', group: `g${group}`, team: `t${group % ROUTES}`, instance: `i${i}` },
    annotations: { summary: `alert ${i} of group g${group}` },
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
  };
}

/** 50 webhook contact points, one per team route, and the probe's on the root route. */
async function seed(api: Api, hooks: HookRecorder): Promise<void> {
  for (let team = 0; team < ROUTES; team++) {
    await api('POST', '/api/v1/provisioning/contact-points', {
      name: `team-${team}`,
      type: 'webhook',
      settings: { url: `${hooks.urls[team]}/t${team}` },
    });
  }
  await api('POST', '/api/v1/provisioning/contact-points', {
    name: PROBE,
    type: 'webhook',
    settings: { url: `${hooks.urls[ROUTES]}/${PROBE}` },
  });
  await api('PUT', '/api/v1/provisioning/policies', {
    receiver: PROBE,
    group_by: ['group'],
    group_wait: '1s',
    group_interval: `${GROUP_INTERVAL_S}s`,
    routes: Array.from({ length: ROUTES }, (_, team) => ({
      receiver: `team-${team}`,
      object_matchers: [['team', '=', `t${team}`]],
    })),
  });
}

/** Polls until `done()` or `timeoutS` passed; resolves with whether it was done. */
async function until(done: () => boolean, timeoutS: number): Promise<boolean> {
  const deadline = performance.now() + timeoutS * 1000;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export const alertDispatchStudy: Study = {
  name: 'alert-dispatch',
  async run({ startServer }) {
    const server = await startServer('alert-dispatch');
    const hooks = await startHookRecorder(ROUTES + 1);
    try {
      const api = apiClient(server.url, `Basic ${Buffer.from('admin:admin').toString('base64')}`);
      await seed(api, hooks);

      const probeStart = performance.now();
      await api('POST', POSTED_PATH, [{ labels: { alertname: 'BenchProbe', instance: PROBE } }]);
      if (!(await until(() => hooks.arrivals.has(PROBE), 60)))
        throw new Error('the probe alert was not delivered within 60 s: nobody dispatches');
      const probeSeconds = (hooks.arrivals.get(PROBE)! - probeStart) / 1000;
      const notificationsBefore = hooks.notifications;

      // The burst: POSTs one after another, as one client (a Prometheus) would send them.
      const acceptedAt = new Map<string, number>();
      const cpuBefore = cpuSeconds(server.pid);
      const burstStart = performance.now();
      for (let from = 0; from < ALERTS; from += PER_POST) {
        const batch = Array.from({ length: Math.min(PER_POST, ALERTS - from) }, (_, k) =>
          alertOf(from + k, Date.now()),
        );
        await api('POST', POSTED_PATH, batch);
        const accepted = performance.now();
        for (const alert of batch) acceptedAt.set(alert.labels.instance, accepted);
      }
      const postSeconds = (performance.now() - burstStart) / 1000;
      const delivered = () => hooks.arrivals.size - 1; // less the probe
      await until(() => delivered() >= ALERTS, DELIVERY_TIMEOUT_S);
      const burstEnd = performance.now();
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const rss = rssMb(server.pid);
      const notifications = hooks.notifications - notificationsBefore;

      const latencies: number[] = [];
      const arrivals: number[] = [];
      for (const [instance, at] of hooks.arrivals) {
        const accepted = acceptedAt.get(instance);
        if (accepted === undefined) continue;
        latencies.push(at - accepted);
        arrivals.push(at);
      }
      latencies.sort((a, b) => a - b);
      const span = arrivals.length ? (Math.max(...arrivals) - Math.min(...arrivals)) / 1000 : 0;

      // One group interval later each group flushes again; its alerts are unchanged, so the
      // notification log must keep it from sending them a second time.
      await sleep((GROUP_INTERVAL_S + 2) * 1000);

      const figures: Figure[] = [
        { name: 'firing alerts', value: ALERTS, unit: 'alerts' },
        { name: 'aggregation groups', value: GROUPS, unit: 'groups' },
        { name: 'team routes (one webhook each)', value: ROUTES, unit: 'routes' },
        { name: 'first dispatch after start (probe: lease + loop)', value: round1(probeSeconds), unit: 's' },
        { name: `POSTing the alerts (${PER_POST} per request)`, value: round1(postSeconds), unit: 's' },
        { name: 'alerts delivered', value: latencies.length, unit: `of ${ALERTS}` },
        { name: 'POST answered → webhook p50', value: percentile(latencies, 50), unit: 'ms' },
        { name: 'POST answered → webhook p99', value: percentile(latencies, 99), unit: 'ms' },
        { name: 'POST answered → webhook max', value: percentile(latencies, 100), unit: 'ms' },
        { name: 'notifications received', value: notifications, unit: '' },
        {
          name: 'notifications per second (first to last delivery)',
          value: span > 0 ? Math.round(notifications / span) : null,
          unit: '/s',
        },
        { name: 'first to last delivery', value: round1(span), unit: 's' },
        {
          name: 'CPU used by the server (first POST to last delivery)',
          value: Math.round((cpu / ((burstEnd - burstStart) / 1000)) * 100) / 100,
          unit: 'cores',
        },
        { name: 'CPU seconds used by the server', value: round1(cpu), unit: 's' },
        { name: 'RSS after the burst', value: rss?.rss ?? null, unit: 'MB' },
        { name: 'RSS peak', value: rss?.peak ?? null, unit: 'MB' },
        { name: 'alerts sent again within one group interval', value: hooks.repeated, unit: '', target: '0' },
      ];
      return { rows: [], figures };
    } finally {
      await server.stop();
      await hooks.close();
    }
  },
};
