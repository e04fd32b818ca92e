import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../prometheus.js';
import { stopChild, waitForPort } from './wait-for-port.js';

/** Debian's package (`apt-get install prometheus-node-exporter`); NODE_EXPORTER_BIN points elsewhere. */
const NODE_EXPORTER_BIN = process.env.NODE_EXPORTER_BIN ?? '/usr/bin/prometheus-node-exporter';

export interface NodeExporter {
  /** `host:port`, as a Prometheus target */
  target: string;
  stop(): Promise<void>;
}

/**
 * Our own node exporter (not a system one) on a free loopback port. The systemd collector is off:
 * without a system bus (containers, CI) it fails every scrape and logs an error each time.
 */
export async function startNodeExporter(): Promise<NodeExporter> {
  if (!existsSync(NODE_EXPORTER_BIN)) {
    throw new Error(`${NODE_EXPORTER_BIN} is missing: apt-get install prometheus-node-exporter`);
  }
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    NODE_EXPORTER_BIN,
    [`--web.listen-address=127.0.0.1:${port}`, '--no-collector.systemd', '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = () => stopChild(child);
  try {
    await waitForPort(
      'prometheus-node-exporter',
      port,
      () => output,
      () => child.exitCode !== null,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { target: `127.0.0.1:${port}`, stop };
}

interface Sample {
  series: string;
  value: number;
  /** a counter (by its `# TYPE`, or a summary's/histogram's _sum, _count and _bucket) */
  counter: boolean;
}

/** The samples of a Prometheus text exposition, each with the family type that says whether it only grows. */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line === '' || line.startsWith('#')) continue;
    // the value is the last token; label values may hold spaces and braces
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const [, name, labels = '', value] = match;
    const family = name!.replace(/_(sum|count|bucket)$/, '');
    const familyType = types.get(name!) ?? types.get(family);
    const counter =
      familyType === 'counter' ||
      (name !== family && (familyType === 'summary' || familyType === 'histogram'));
    samples.push({ series: name! + labels, value: Number(value), counter });
  }
  return samples;
}

/** `series` with `job` and `instance` added, as a scrape of `instance` by `job` stores it. */
function withTargetLabels(series: string, job: string, instance: string): string {
  const target = `job="${job}",instance="${instance}"`;
  const brace = series.indexOf('{');
  if (brace < 0) return `${series}{${target}}`;
  const rest = series.slice(brace + 1);
  return `${series.slice(0, brace)}{${target}${rest === '}' ? '}' : `,${rest}`}`;
}

const formatValue = (value: number) =>
  Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value);

/**
 * The last `hours` of the node exporter's series as OpenMetrics (for `promtool tsdb
 * create-blocks-from openmetrics`), one sample every `stepSeconds` up to `endMs`: two real scrapes
 * a second apart give each series its value and, for counters, its rate; the history repeats the
 * gauges and runs the counters back at that rate. A Prometheus started seconds ago then has the
 * recent past a dashboard's 6 h, 24 h and 7 d views draw (their steps are aligned to minutes, so
 * seconds of live scrapes never reach them).
 */
export async function nodeExporterHistory(
  exporter: NodeExporter,
  options: { job: string; hours: number; stepSeconds: number; endMs: number },
): Promise<string> {
  const scrape = async () => {
    const response = await fetch(`http://${exporter.target}/metrics`);
    if (!response.ok) throw new Error(`node exporter answered ${response.status}`);
    return { at: Date.now(), samples: parseExposition(await response.text()) };
  };
  const first = await scrape();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const second = await scrape();
  const before = new Map(first.samples.map((s) => [s.series, s.value]));
  const elapsed = (second.at - first.at) / 1000;
  const stepMs = options.stepSeconds * 1000;
  const count = Math.floor((options.hours * 3600_000) / stepMs);
  const lines: string[] = [];
  for (const sample of second.samples) {
    const series = withTargetLabels(sample.series, options.job, exporter.target);
    const previous = before.get(sample.series);
    const rate =
      sample.counter && previous !== undefined && Number.isFinite(sample.value)
        ? Math.max(0, (sample.value - previous) / elapsed)
        : 0;
    for (let i = count; i >= 0; i--) {
      const at = options.endMs - i * stepMs;
      const age = (second.at - at) / 1000;
      const value = sample.counter ? Math.max(0, sample.value - rate * age) : sample.value;
      lines.push(`${series} ${formatValue(value)} ${(at / 1000).toFixed(3)}`);
    }
  }
  lines.push('# EOF', '');
  return lines.join('\n');
}
