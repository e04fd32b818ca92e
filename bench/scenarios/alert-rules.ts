// The benchmark of issue #16: BENCH_ALERT_RULES (default 10 000) rules over testdata, in groups of
// 100 evaluated every 10 s, on one server of its own whose scheduler runs on the real clock. Each
// rule reads two series (one above its threshold): 2 instances per rule, half of them firing.
// After one minute of warm-up (first evaluations write every instance) it measures the server
// process's CPU, the evaluations done, how late they started (p99) and the state rows written.
// The dispatcher runs too (one group per rule, to a local webhook): its CPU is in the figure.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiClient, pool } from '../api-seed.js';
import { cpuSeconds, rssMb } from '../server.js';
import type { Figure, Study } from './types.js';

const RULES = Number(process.env.BENCH_ALERT_RULES ?? 10_000);
const PER_GROUP = 100;
const WARM_UP_S = Number(process.env.BENCH_ALERT_WARMUP ?? 60);
const MEASURE_S = Number(process.env.BENCH_ALERT_MEASURE ?? 60);

/** The value of one sample of the server's /metrics (0 when absent). */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

function rule(dsUid: string, i: number) {
  return {
    title: `rule ${i}`,
    condition: 'C',
    for: '0s',
    noDataState: 'NoData',
    execErrState: 'Error',
    labels: { bench: 'yes' },
    annotations: { summary: '{{ $labels.host }} is {{ $values.A }}' },
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 600, to: 0 },
        datasourceUid: dsUid,
        model: { refId: 'A', scenarioId: 'csv_content', csvContent: `host,value\nh1,1\nh2,${9 + (i % 5)}` },
      },
      {
        refId: 'C',
        relativeTimeRange: { from: 0, to: 0 },
        datasourceUid: '__expr__',
        model: {
          refId: 'C',
          type: 'threshold',
          expression: 'A',
          conditions: [{ evaluator: { type: 'gt', params: [5] } }],
        },
      },
    ],
  };
}

export const alertRulesStudy: Study = {
  name: 'alert-rules',
  async run({ startServer }) {
    const server = await startServer('alert-rules');
    let webhooks = 0;
    let stopHook = () => Promise.resolve();
    try {
      const api = apiClient(server.url, `Basic ${Buffer.from('admin:admin').toString('base64')}`);
      const ds = await api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
        name: 'bench testdata',
        type: 'testdata',
        access: 'proxy',
        url: 'http://testdata.invalid',
      });
      const folder = await api<{ uid: string }>('POST', '/api/folders', { title: 'Bench rules' });
      // Notifications go to a webhook of this process that only counts them (the default email
      // contact point has no SMTP server here).
      const hook = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          webhooks++;
          response.end('ok');
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      stopHook = () => new Promise<void>((resolve) => hook.close(() => resolve()));
      await api('POST', '/api/v1/provisioning/contact-points', {
        name: 'bench-hook',
        type: 'webhook',
        settings: { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/` },
      });
      await api('PUT', '/api/v1/provisioning/policies', { receiver: 'bench-hook', group_by: ['alertname'] });
      const groups = Math.ceil(RULES / PER_GROUP);
      const seedStart = performance.now();
      await pool(0, groups, (g) =>
        api('PUT', `/api/v1/provisioning/folder/${folder.uid}/rule-groups/group-${g}`, {
          title: `group-${g}`,
          interval: 10,
          rules: Array.from({ length: Math.min(PER_GROUP, RULES - g * PER_GROUP) }, (_, k) => ({
            ...rule(ds.datasource.uid, g * PER_GROUP + k),
            folderUID: folder.uid,
            ruleGroup: `group-${g}`,
          })),
        }),
      );
      const seedSeconds = (performance.now() - seedStart) / 1000;
      await sleep(WARM_UP_S * 1000);

      const metrics = async (): Promise<string> => {
        // a pooled keep-alive connection the server just closed resets once; ask again
        for (let attempt = 0; ; attempt++) {
          try {
            const response = await fetch(`${server.url}/metrics`);
            if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
            return await response.text();
          } catch (error) {
            if (attempt === 2) throw error;
          }
        }
      };
      const before = await metrics();
      const cpuBefore = cpuSeconds(server.pid);
      await sleep(MEASURE_S * 1000);
      const after = await metrics();
      const cpu = cpuSeconds(server.pid) - cpuBefore;

      const evaluations =
        sample(after, 'svc_alerting_execution_time_milliseconds_count') -
        sample(before, 'svc_alerting_execution_time_milliseconds_count');
      const writes =
        sample(after, 'svc_alerting_state_writes_total') - sample(before, 'svc_alerting_state_writes_total');
      const missed =
        sample(after, 'svc_alerting_schedule_rule_evaluations_missed_total') -
        sample(before, 'svc_alerting_schedule_rule_evaluations_missed_total');
      const delayP99 = sample(after, 'svc_alerting_rule_evaluation_delay_milliseconds{quantile="0.99"}');
      const firing = sample(after, 'svc_alerting_active_alerts');
      const notified = webhooks;
      const figures: Figure[] = [
        { name: 'alert rules', value: RULES, unit: 'rules' },
        { name: 'seeding through the API', value: Math.round(seedSeconds * 10) / 10, unit: 's' },
        {
          name: 'evaluations per second',
          value: Math.round((evaluations / MEASURE_S) * 10) / 10,
          unit: '/s',
        },
        {
          name: 'CPU used by the server',
          value: Math.round((cpu / MEASURE_S) * 100) / 100,
          unit: 'cores',
          target: '< 0.5',
        },
        {
          name: 'CPU per evaluation',
          value: evaluations ? Math.round(((cpu * 1000) / evaluations) * 1000) / 1000 : null,
          unit: 'ms',
        },
        { name: 'evaluation start delay p99', value: Math.round(delayP99), unit: 'ms', target: '< 1000' },
        { name: 'evaluations missed (previous still running)', value: missed, unit: '' },
        {
          name: 'state rows written per second',
          value: Math.round((writes / MEASURE_S) * 10) / 10,
          unit: '/s',
        },
        { name: 'firing alerts', value: firing, unit: 'alerts' },
        { name: 'webhook notifications received (whole run)', value: notified, unit: '' },
        { name: 'RSS', value: rssMb(server.pid)?.rss ?? null, unit: 'MB' },
      ];
      return { rows: [], figures };
    } finally {
      await server.stop();
      await stopHook();
    }
  },
};
