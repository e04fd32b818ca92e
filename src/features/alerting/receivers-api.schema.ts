import { Type, type Static } from '@fastify/type-provider-typebox';
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
