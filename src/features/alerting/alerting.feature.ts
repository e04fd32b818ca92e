import type { FeatureDeps } from '../feature.js';
import { createContactPointsService } from './contact-points.service.js';
import { registerTemplatesTestRoutes } from './templates-test.routes.js';
import { createTemplatesTestService } from './templates-test.service.js';
import { createContactPointsStore } from './contact-points.store.js';
import { createDeliveryService, type DeliveryService } from './delivery.service.js';
import { createHistoryStore } from './history.store.js';
import { createPoliciesService } from './policies.service.js';
import { createPoliciesStore } from './policies.store.js';
import { provisionAlertingFiles } from './provisioning/provision-files.js';
import { registerProvisioningRoutes } from './provisioning.routes.js';
import type { Provenance } from './provenance.js';
import type { Route } from './routing/route.js';
import { createReceiversStatusService } from './receivers-status.service.js';
import { createReceiversTestService } from './receivers-test.service.js';
import { registerReceiversRoutes } from './receivers.routes.js';
import { createReceiverPermissions, receiverUid } from './receiver-permissions.js';
import { registerReceiversApiRoutes } from './receivers-api.routes.js';
import { createReceiversApiService } from './receivers-api.service.js';
import { createTemplatesService } from './templates.service.js';
import { createTemplatesStore } from './templates.store.js';

const HISTORY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What the feature offers the rest of svc: sending alerts to a contact point (the dispatcher's way
 * out), and what the dispatcher routes by: the org's policy tree and a contact point's integrations.
 */
export interface AlertingFeature {
  notify: DeliveryService['notify'];
  /** the org's notification policy tree (Grafana's default one, created on first use) */
  policyTree(orgId: number): Promise<Route>;
  /** the integrations of a contact point, in send order (empty for an unknown name) */
  integrationsOf(orgId: number, receiver: string): Promise<ReceiverIntegration[]>;
  /** names of the time intervals the org's policy tree references (mute or active) */
  timeIntervalsInUse(orgId: number): Promise<Set<string>>;
  /** a mute timing was renamed: the policy tree follows (joins the caller's unit of work) */
  renameTimeInterval(orgId: number, from: string, to: string, provenance: Provenance): Promise<void>;
  /** the mute timings feature, registered after this one, lends its names and file items */
  useMuteTimings(link: MuteTimingsLink): void;
}

/** What policies and file provisioning borrow from the mute timings feature. */
interface MuteTimingsLink {
  /** the org's mute timing names (policies may only name these) */
  names(orgId: number): Promise<string[]>;
  /** a `muteTimes` item of a provisioning file (validated by the mute timings feature) */
  applyFile(orgId: number, item: Record<string, unknown>): Promise<void>;
  /** a `deleteMuteTimes` item */
  deleteFile(orgId: number, name: string): Promise<void>;
}

export interface ReceiverIntegration {
  uid: string;
  type: string;
  disableResolveMessage: boolean;
}

/** Alert notifications: notifier catalogue, contact points, templates, policies, test endpoint and delivery history. */
export function registerAlerting(deps: FeatureDeps): AlertingFeature {
  const { db, clock, config } = deps;
  const externalUrl = (
    config.server.rootUrl || `http://${config.server.domain}:${config.server.httpPort}/`
  ).replace(/\/+$/, '');

  const templates = createTemplatesService({ store: createTemplatesStore(db), clock });
  const contactPointsStore = createContactPointsStore(db);
  const receiverPermissions = createReceiverPermissions(deps.resourcePermissions);
  // Contact points and policies know each other (deleting a used contact point; policies naming
  // contact points); the thunk breaks the cycle (it runs only after both exist).
  const contactPoints = createContactPointsService({
    store: contactPointsStore,
    templates,
    secrets: deps.secrets,
    authorizer: deps.authorizer,
    permissions: receiverPermissions,
    clock,
    policies: () => policies,
  });
  deps.resourcePermissions.declareExistence('receivers', async (orgId, uid) =>
    (await contactPoints.names(orgId)).some((name) => receiverUid(name) === uid),
  );
  // Set by the mute timings feature when it registers (after this one), before any request.
  let muteTimings: MuteTimingsLink | undefined;
  const policies = createPoliciesService({
    store: createPoliciesStore(db),
    clock,
    receiverNames: (orgId) => contactPoints.names(orgId),
    ensureDefaultReceiver: (orgId) => contactPoints.ensureDefault(orgId),
    timeIntervalNames: (orgId) => muteTimings?.names(orgId) ?? Promise.resolve([]),
  });

  const delivery = createDeliveryService({
    contactPoints,
    templates,
    history: createHistoryStore(db),
    metrics: deps.metrics,
    clock,
    logger: deps.logger,
    externalUrl,
    smtp: config.smtp,
    env: config.env,
    notificationTimeoutMs: config.unifiedAlerting.notificationTimeoutMs,
    notificationHistoryRetentionMs: config.unifiedAlerting.notificationHistoryRetentionMs,
  });

  // An organization gets Grafana's default tree and contact point on first use (per instance, the
  // check itself is idempotent).
  const initialized = new Set<number>();
  const ensureOrgDefaults = async (orgId: number) => {
    if (initialized.has(orgId)) return;
    await policies.get(orgId);
    initialized.add(orgId);
  };

  registerProvisioningRoutes(deps.api, { contactPoints, templates, policies, ensureOrgDefaults });
  registerReceiversApiRoutes(
    deps.api,
    createReceiversApiService({
      store: contactPointsStore,
      templates,
      secrets: deps.secrets,
      authorizer: deps.authorizer,
      permissions: receiverPermissions,
      clock,
      policies,
    }),
    ensureOrgDefaults,
  );
  registerTemplatesTestRoutes(deps.api, createTemplatesTestService({ templates, clock, externalUrl }));
  registerReceiversRoutes(deps.api, {
    test: createReceiversTestService({
      contactPoints,
      templates,
      delivery,
      secrets: deps.secrets,
      clock,
      externalUrl,
    }),
    status: createReceiversStatusService({ contactPoints, policies, delivery }),
    delivery,
    readableNames: (identity) => contactPoints.readableNames(identity),
    ensureOrgDefaults,
  });

  deps.hooks.onStart(() =>
    provisionAlertingFiles({
      directory: config.paths.provisioning,
      // Grafana compat: provisioning files expand the process environment ($VAR, ${VAR}).
      env: config.env,
      logger: deps.logger,
      contactPoints,
      templates,
      policies,
      muteTimings: () => muteTimings,
    }),
  );
  deps.hooks.addJob({
    name: 'alerting-notification-history-cleanup',
    intervalMs: HISTORY_CLEANUP_INTERVAL_MS,
    run: async () => {
      await delivery.prune();
    },
  });

  return {
    notify: (orgId, receiverName, alerts, options) => delivery.notify(orgId, receiverName, alerts, options),
    policyTree: async (orgId) => {
      const tree = await policies.get(orgId);
      delete tree.provenance;
      return tree;
    },
    // the org's default contact point exists from the first question on, as for every other reader
    integrationsOf: async (orgId, receiver) =>
      (await ensureOrgDefaults(orgId).then(() => contactPoints.byName(orgId, receiver))).map((row) => ({
        uid: row.uid,
        type: row.type,
        disableResolveMessage: row.disable_resolve_message === 1,
      })),
    timeIntervalsInUse: (orgId) => policies.timeIntervalsInUse(orgId),
    renameTimeInterval: (orgId, from, to, provenance) =>
      policies.renameTimeInterval(orgId, from, to, provenance),
    useMuteTimings: (link) => {
      muteTimings = link;
    },
  };
}
