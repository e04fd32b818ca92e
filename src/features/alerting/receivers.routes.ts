import type { Api } from '../../http/api.js';
import { identityOf, type Identity } from '../../access/identity.js';
import { toIso } from '../../lib/clock.js';
import { anyOf, can } from '../../access/evaluator.js';
import { badTime } from './alerting.errors.js';
import {
  ContactPointsWithMetadataResponse,
  HistoryQuery,
  HistoryResponse,
  ReceiversStatusResponse,
  TestReceiversBody,
  TestReceiversResponse,
} from './alerting.schema.js';
import type { DeliveryService } from './delivery.service.js';
import type { AttemptRow } from './history.store.js';
import { modelDuration, type createReceiversStatusService } from './receivers-status.service.js';
import {
  parseRequestTimeout,
  type ReceiversTestService,
  type TestReceiver,
} from './receivers-test.service.js';

/** Epoch milliseconds or an ISO date. */
function timeParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw badTime(name);
  return ms;
}

function presentAttempt(row: AttemptRow) {
  return {
    id: Number(row.id),
    receiver: row.receiver,
    integrationUid: row.integration_uid,
    integrationType: row.integration_type,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    duration: modelDuration(Number(row.duration_ms)),
    durationMs: Number(row.duration_ms),
    sendResolved: row.send_resolved === 1,
    test: row.is_test === 1,
    time: toIso(Number(row.created)),
    // what caused a rule notification (a test send has no cause)
    ...(row.is_test !== 1 && {
      groupKey: row.group_key,
      ruleUIDs: row.rule_uids.split(',').filter(Boolean),
      alerts: { firing: Number(row.alerts_firing), resolved: Number(row.alerts_resolved) },
    }),
  };
}

function receiversOf(body: TestReceiversBody): TestReceiver[] {
  const configs = (
    r: Pick<TestReceiversBody, 'svc_managed_receiver_configs' | 'grafana_managed_receiver_configs'>,
  ) => [...(r.svc_managed_receiver_configs ?? []), ...(r.grafana_managed_receiver_configs ?? [])];
  if (body.receivers) return body.receivers.map((r) => ({ name: r.name, configs: configs(r) }));
  return [{ name: body.name ?? '', configs: configs(body) }];
}

/** Test endpoint, delivery status (Grafana's and the metadata listing) and delivery history. */
export function registerReceiversRoutes(
  api: Api,
  services: {
    test: ReceiversTestService;
    status: ReturnType<typeof createReceiversStatusService>;
    delivery: DeliveryService;
    readableNames: (identity: Identity) => Promise<string[] | null>;
    ensureOrgDefaults: (orgId: number) => Promise<void>;
  },
): void {
  const { test, status, delivery, readableNames, ensureOrgDefaults } = services;

  for (const product of ['svc', 'grafana']) {
    const base = `/api/alertmanager/${product}/config/api/v1/receivers`;

    api.get(
      base,
      {
        config: {
          permission: anyOf(can('alert.notifications:read'), can('alert.notifications.receivers:read')),
        },
        schema: { response: { 200: ReceiversStatusResponse } },
      },
      async (request) => {
        const identity = identityOf(request);
        await ensureOrgDefaults(identity.orgId);
        return status.receivers(identity);
      },
    );

    api.post(
      `${base}/test`,
      {
        config: {
          permission: anyOf(can('alert.notifications:write'), can('alert.notifications.receivers:test')),
        },
        // 400 and 408 answer the same body but are left to the error schema: a refused request's
        // {message} goes through the schema of its status too.
        schema: {
          body: TestReceiversBody,
          response: { 200: TestReceiversResponse, 207: TestReceiversResponse },
        },
      },
      async (request, reply) => {
        const header = request.headers['request-timeout'];
        const timeoutMs = parseRequestTimeout(Array.isArray(header) ? header[0] : header);
        const result = await test.test(
          identityOf(request),
          receiversOf(request.body),
          request.body.alert,
          timeoutMs,
        );
        // 400 and 408 (all invalid, all timed out) carry the same body, serialised without a schema
        return reply.status(result.status as 200 | 207).send(result.body);
      },
    );
  }

  api.get(
    '/api/v1/notifications/receivers',
    {
      config: { permission: can('alert.notifications.receivers:read') },
      schema: { response: { 200: ContactPointsWithMetadataResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      await ensureOrgDefaults(identity.orgId);
      return status.withMetadata(identity);
    },
  );

  api.get(
    '/api/v1/notifications/history',
    {
      config: { permission: can('alert.notifications:read') },
      schema: { querystring: HistoryQuery, response: { 200: HistoryResponse } },
    },
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? 100;
      const page = q.page ?? 1;
      const identity = identityOf(request);
      const { total, rows } = await delivery.page(
        identity.orgId,
        {
          receiver: q.receiver,
          receivers: await readableNames(identity),
          integrationUid: q.integration,
          integrationType: q.type,
          status: q.status,
          ruleUid: q.ruleUID,
          groupKey: q.groupKey,
          from: timeParam('from', q.from),
          to: timeParam('to', q.to),
        },
        limit,
        (page - 1) * limit,
      );
      return { totalCount: total, page, limit, history: rows.map(presentAttempt) };
    },
  );
}
