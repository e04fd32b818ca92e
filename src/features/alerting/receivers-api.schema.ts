import { Type, type Static } from 'typebox';
import { LIMITS } from '../../lib/limits.js';
import { ALERTING_LIMITS } from './alerting.schema.js';

/** Grafana's receivers API: the k8s-style resource `Receiver` of notifications.alerting.grafana.app. */

export const NamespaceParams = Type.Object({ namespace: Type.String() });
export const ReceiverParams = Type.Object({ namespace: Type.String(), name: Type.String() });

const ReceiverIntegration = Type.Object({
  uid: Type.Optional(Type.String({ maxLength: LIMITS.uid })),
  type: Type.String({ maxLength: ALERTING_LIMITS.integrationType }),
  /** the notifier's schema version; every integration svc stores is `v1` */
  version: Type.Optional(Type.String({ maxLength: 20 })),
  disableResolveMessage: Type.Optional(Type.Boolean()),
  settings: Type.Record(Type.String(), Type.Unknown()),
  /** secure settings already stored: `true` keeps the stored value when `settings` leaves it out */
  secureFields: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});
export type ReceiverIntegration = Static<typeof ReceiverIntegration>;

/** The body of POST and PUT; metadata other than these fields is ignored. */
export const ReceiverBody = Type.Object({
  apiVersion: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(Type.String({ maxLength: 100 })),
  metadata: Type.Optional(
    Type.Object({
      // k8s limits: a name is a DNS subdomain (253), a namespace a DNS label (63)
      name: Type.Optional(Type.String({ maxLength: 253 })),
      namespace: Type.Optional(Type.String({ maxLength: 63 })),
      resourceVersion: Type.Optional(Type.String({ maxLength: ALERTING_LIMITS.version })),
    }),
  ),
  spec: Type.Object({
    title: Type.String({ maxLength: ALERTING_LIMITS.contactPointName }),
    integrations: Type.Array(ReceiverIntegration),
  }),
});
export type ReceiverBody = Static<typeof ReceiverBody>;

/** A stored integration as the resource shows it: secrets left out of `settings`, named in `secureFields`. */
const StoredIntegration = Type.Object({
  uid: Type.String(),
  type: Type.String(),
  version: Type.String(),
  disableResolveMessage: Type.Boolean(),
  settings: Type.Record(Type.String(), Type.Unknown()),
  secureFields: Type.Record(Type.String(), Type.Boolean()),
});

/**
 * The `Receiver` resource. `metadata.name` is the receiver uid (the title in base64url);
 * `annotations` hold its provenance and, on reads, what the caller may do with it
 * (`grafana.com/access/…`) and where it is used (`grafana.com/inUse/…`).
 */
export const ReceiverResponse = Type.Object({
  apiVersion: Type.String(),
  kind: Type.String(),
  metadata: Type.Object({
    name: Type.String(),
    namespace: Type.String(),
    resourceVersion: Type.String(),
    annotations: Type.Record(Type.String(), Type.String()),
  }),
  spec: Type.Object({ title: Type.String(), integrations: Type.Array(StoredIntegration) }),
});

/** `ReceiverList`: the receivers the caller may read. */
export const ReceiverListResponse = Type.Object({
  apiVersion: Type.String(),
  kind: Type.String(),
  metadata: Type.Object({}),
  items: Type.Array(ReceiverResponse),
});
