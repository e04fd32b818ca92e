import { Counter, Gauge, Histogram, Registry, Summary, exponentialBuckets } from 'prom-client';
import type { BuildInfo } from '../lib/build-info.js';
import { RETRY_REASONS } from '../store/retry.js';
import { TallyCounter } from './tally-counter.js';

const SUMMARY_OBJECTIVES = { percentiles: [0.5, 0.9, 0.99] };
const STATUS_CODES_SEEN_FROM_START = ['200', '404', '500'];

/**
 * Every metric SPEC names, registered up front with Grafana's types and labels (prefix svc_).
 * Each app gets its own registry so several apps can live in one process (tests).
 * Features feed the metrics they own through this object.
 */
export function createMetrics(build: BuildInfo, environmentInfo: Record<string, string>) {
  const registry = new Registry();
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  /** for counters bumped on every request (tally-counter.ts) */
  const tally = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new TallyCounter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const summary = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new Summary<L>({ name, help, labelNames, registers, ...SUMMARY_OBJECTIVES });

  const metrics = {
    registry,
    instanceStart: counter('svc_instance_start_total', 'counter for started instances'),
    buildInfo: gauge('svc_build_info', 'build information of this instance', [
      'version',
      'revision',
      'branch',
      'edition',
      'nodeversion',
    ]),
    environmentInfo: new Gauge({
      name: 'svc_environment_info',
      help: 'environment information from [metrics.environment_info]',
      labelNames: Object.keys(environmentInfo),
      registers,
    }),
    apiResponses: tally('svc_api_response_status_total', 'API responses by status code', ['code']),
    pageResponses: tally('svc_page_response_status_total', 'page responses by status code', ['code']),
    proxyResponses: tally('svc_proxy_response_status_total', 'data source proxy responses by status code', [
      'code',
    ]),
    totalDashboards: gauge('svc_stat_total_dashboards', 'total number of dashboards'),
    totalUsers: gauge('svc_stat_total_users', 'total number of users'),
    totalOrgs: gauge('svc_stat_total_orgs', 'total number of organizations'),
    totalDatasources: gauge('svc_stat_totals_datasource', 'number of data sources by plugin', ['plugin_id']),
    dashboardSearch: summary('svc_api_dashboard_search_milliseconds', 'dashboard search duration'),
    dataproxyRequest: summary('svc_api_dataproxy_request_all_milliseconds', 'data proxy request duration'),
    renderingRequest: summary('svc_rendering_request_duration_milliseconds', 'image rendering duration', [
      'status',
      'type',
    ]),
    alertingActiveAlerts: gauge('svc_alerting_active_alerts', 'number of active alerts'),
    alertingResults: counter('svc_alerting_result_total', 'alert evaluation results by state', ['state']),
    notificationsSent: counter(
      'svc_alerting_notification_sent_total',
      'notifications sent by integration type',
      ['type'],
    ),
    notificationsFailed: counter(
      'svc_alerting_notification_failed_total',
      'failed notifications by integration type',
      ['type'],
    ),
    alertingExecutionTime: summary('svc_alerting_execution_time_milliseconds', 'alert evaluation duration'),
    alertingEvaluationFailures: counter(
      'svc_alerting_rule_evaluation_failures_total',
      'alert rule evaluations that failed inside svc (not a data source error: those are Error results)',
    ),
    alertingEvaluationsMissed: counter(
      'svc_alerting_schedule_rule_evaluations_missed_total',
      'ticks a rule was due but its previous evaluation was still running',
    ),
    alertingSchedulerBehind: gauge(
      'svc_alerting_scheduler_behind_seconds',
      'how late the last scheduler tick started after its due time',
    ),
    alertingInstances: gauge('svc_alerting_alerts', 'alert instances by state', ['state']),
    // over the last minute (not since start): the scheduler's lag now is what an operator watches
    alertingEvaluationDelay: new Summary({
      name: 'svc_alerting_rule_evaluation_delay_milliseconds',
      help: 'how late rule evaluations started after their planned slot in the tick, over the last minute',
      registers,
      ...SUMMARY_OBJECTIVES,
      maxAgeSeconds: 60,
      ageBuckets: 6,
    }),
    alertingStateWrites: counter(
      'svc_alerting_state_writes_total',
      'alert instance rows written or deleted (only changed instances are written)',
    ),
    databaseRetries: counter(
      'svc_database_retries_total',
      'statements and transactions re-run because the database asked (deadlock, serialization, lock wait timeout, busy)',
      ['reason'],
    ),
    accessEvaluations: tally('svc_access_evaluation_count', 'number of permission evaluations'),
    accessEvaluationDuration: new Histogram({
      name: 'svc_access_evaluation_duration',
      help: 'duration of permission evaluations in seconds',
      buckets: exponentialBuckets(1e-5, 4, 10),
      registers,
    }),
    accessPermissionsCache: tally('svc_access_permissions_cache_usage', 'permission cache hits and misses', [
      'status',
    ]),
  };

  metrics.instanceStart.inc();
  metrics.buildInfo.set(
    {
      version: build.version,
      revision: build.commit,
      branch: build.branch,
      edition: 'oss',
      nodeversion: process.version,
    },
    1,
  );
  metrics.environmentInfo.set(environmentInfo, 1);
  for (const code of STATUS_CODES_SEEN_FROM_START) {
    metrics.apiResponses.inc({ code }, 0);
    metrics.pageResponses.inc({ code }, 0);
    metrics.proxyResponses.inc({ code }, 0);
  }
  for (const status of ['hit', 'miss']) metrics.accessPermissionsCache.inc({ status }, 0);
  for (const reason of RETRY_REASONS) metrics.databaseRetries.inc({ reason }, 0);
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
