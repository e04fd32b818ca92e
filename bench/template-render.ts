// Renders the default notification message for a group of 100 alerts (half firing, half resolved,
// with values, dashboard links and annotations) repeatedly for about 3 s, in process. The figure
// bounds notification throughput: every notification renders at least this template.
// Run alone: `node --import tsx bench/template-render.ts`.
import { fileURLToPath } from 'node:url';
import {
  buildNotificationData,
  createNotificationTemplates,
  type AlertInput,
} from '../src/features/alerting/templates/index.js';

const DURATION_MS = 3_000;
const ALERTS = 100;

interface TemplateRenderResult {
  scenario: string;
  opsPerSec: number;
  meanMs: number;
}

function alertGroup(now: Date): AlertInput[] {
  return Array.from({ length: ALERTS }, (_, i) => ({
    labels: { alertname: 'HighLatency', service: 'checkout', instance: `pod-${i}`, region: `eu-${i % 3}` },
    annotations: {
      summary: `p99 latency above 500ms on pod-${i}`,
      runbook_url: 'https://runbooks.example.com/latency',
      __values__: JSON.stringify({ A: 512.5 + i, B: i }),
      __dashboardUid__: 'latency',
      __panelId__: String(i % 8),
      __orgId__: '1',
    },
    startsAt: new Date(now.getTime() - 3_600_000),
    ...(i % 2 === 1 ? { endsAt: new Date(now.getTime() - 60_000) } : {}),
    generatorURL: `https://svc.example.com/alerting/grafana/rule-${i}/view`,
  }));
}

export async function benchTemplateRender(): Promise<TemplateRenderResult> {
  const now = new Date();
  const templates = createNotificationTemplates();
  const data = buildNotificationData(alertGroup(now), {
    receiver: 'oncall',
    externalUrl: 'https://svc.example.com/',
    groupLabels: { alertname: 'HighLatency', service: 'checkout' },
    now,
  });

  const first = templates.execute('default.message', data);
  if (first.error) throw first.error;

  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 20; i++) templates.execute('default.message', data);
    ops += 20;
    elapsed = performance.now() - start;
    // Yield between batches so the loop does not starve other work when run inside a harness.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    scenario: `default.message, ${ALERTS} alerts (${first.output.length} chars)`,
    opsPerSec: Math.round((ops / elapsed) * 1000),
    meanMs: Number((elapsed / ops).toFixed(3)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchTemplateRender();
  console.log(`${result.scenario}: ${result.opsPerSec} renders/s, ${result.meanMs} ms per render`);
}
