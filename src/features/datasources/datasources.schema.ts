import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id, LIMITS, SANE, Text } from '../../lib/limits.js';

export const UidParams = Type.Object({ uid: Type.String() });
export const NameParams = Type.Object({ name: Type.String() });
export const IdParams = Type.Object({ id: Id() });

const JsonObject = Type.Record(Type.String(), Type.Unknown());
const { dataSource } = LIMITS;

// jsonData is free-form JSON, and secrets (secureJsonData, the legacy password fields) are
// encrypted: both are kept in unbounded columns, bounded by the body limit only.
const fields = {
  name: Text(dataSource.name, { minLength: 1 }),
  type: Text(dataSource.type, { minLength: 1 }),
  access: Type.Optional(Type.Union([Type.Literal('proxy'), Type.Literal('direct')])),
  uid: Type.Optional(Text(LIMITS.uid)),
  database: Type.Optional(Text(dataSource.database)),
  user: Type.Optional(Text(dataSource.user)),
  basicAuth: Type.Optional(Type.Boolean()),
  basicAuthUser: Type.Optional(Text(dataSource.basicAuthUser)),
  withCredentials: Type.Optional(Type.Boolean()),
  isDefault: Type.Optional(Type.Boolean()),
  jsonData: Type.Optional(Type.Union([JsonObject, Type.Null()])),
  secureJsonData: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()])),
  password: Type.Optional(Type.String()),
  basicAuthPassword: Type.Optional(Type.String()),
  /** update only: the version the client last read */
  version: Type.Optional(Id()),
};

/**
 * Grafana's UpdateDataSourceCommand. Grafana compat: `access` may be omitted (SPEC: default
 * `proxy`); legacy top-level `password` / `basicAuthPassword` are folded into secureJsonData.
 */
export const DataSourceBody = Type.Object({ ...fields, url: Type.Optional(Text(dataSource.url)) });
export type DataSourceBody = Static<typeof DataSourceBody>;

/** Creating one needs a `url` (SPEC); '' is allowed for back ends without one (testdata). */
export const CreateDataSourceBody = Type.Object({ ...fields, url: Text(dataSource.url) });

/** One entry of GET /api/datasources: no secrets, no version. */
export const DataSourceListItem = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgId: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  typeName: Type.String(),
  typeLogoUrl: Type.String(),
  access: Type.String(),
  url: Type.String(),
  user: Type.String(),
  database: Type.String(),
  basicAuth: Type.Boolean(),
  isDefault: Type.Boolean(),
  jsonData: JsonObject,
  readOnly: Type.Boolean(),
});
export type DataSourceListItem = Static<typeof DataSourceListItem>;

/** The full DTO of a single data source. Secrets appear only as `secureJsonFields`. */
export const DataSourceDto = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgId: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  typeLogoUrl: Type.String(),
  access: Type.String(),
  url: Type.String(),
  user: Type.String(),
  database: Type.String(),
  basicAuth: Type.Boolean(),
  basicAuthUser: Type.String(),
  withCredentials: Type.Boolean(),
  isDefault: Type.Boolean(),
  jsonData: JsonObject,
  secureJsonFields: Type.Record(Type.String(), Type.Boolean()),
  version: Type.Integer(),
  readOnly: Type.Boolean(),
  apiVersion: Type.Optional(Type.String()),
  accessControl: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});
export type DataSourceDto = Static<typeof DataSourceDto>;

export const CreatedResponse = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  name: Type.String(),
  message: Type.String(),
  datasource: DataSourceDto,
});

export const UpdatedResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  datasource: DataSourceDto,
});

export const QueryBody = Type.Object({
  queries: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  from: Type.Optional(Text(SANE.timeRange)),
  to: Type.Optional(Text(SANE.timeRange)),
});
export type QueryBody = Static<typeof QueryBody>;
