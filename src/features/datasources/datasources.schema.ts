import { Type, type Static } from 'typebox';
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

/** DELETE by uid or name: the deleted data source's id. */
export const DeletedResponse = Type.Object({ message: Type.String(), id: Type.Integer() });
/** Grafana compat: DELETE by id answers without the id. */
export const MessageResponse = Type.Object({ message: Type.String() });

/**
 * A health check's answer (plugins' HealthResult). Only 200 (status OK) is declared: a failed check
 * answers the same body with 400, the status that also carries the error bodies `{message}`, which
 * a response schema of this shape would mangle.
 */
export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('OK'), Type.Literal('ERROR'), Type.Literal('UNKNOWN')]),
  message: Type.String(),
  // back-end specific (e.g. Prometheus build info)
  details: Type.Optional(JsonObject),
});

// POST /api/ds/query: Grafana's QueryDataResponse, its data frames in their JSON wire form
// (plugins/types.ts DataFrame).

const FrameMeta = Type.Object({
  /** Grafana frame type, e.g. timeseries-multi, timeseries-wide, heatmap-rows */
  type: Type.Optional(Type.String()),
  /** [major, minor] */
  typeVersion: Type.Optional(Type.Array(Type.Integer())),
  executedQueryString: Type.Optional(Type.String()),
  preferredVisualisationType: Type.Optional(Type.String()),
  // plugin specific (Prometheus: resultType)
  custom: Type.Optional(JsonObject),
  notices: Type.Optional(
    Type.Array(
      Type.Object({
        severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
        text: Type.String(),
      }),
    ),
  ),
});

const FieldSchema = Type.Object({
  name: Type.String(),
  type: Type.Union([
    Type.Literal('time'),
    Type.Literal('number'),
    Type.Literal('string'),
    Type.Literal('boolean'),
    Type.Literal('other'),
  ]),
  /** the Go type Grafana reports, e.g. time.Time, float64 */
  typeInfo: Type.Optional(Type.Object({ frame: Type.String(), nullable: Type.Optional(Type.Boolean()) })),
  labels: Type.Optional(Type.Record(Type.String(), Type.String())),
  // Grafana's FieldConfig: displayNameFromDS, interval (ms), unit, and whatever else a panel may set
  config: Type.Optional(
    Type.Object(
      {
        displayNameFromDS: Type.Optional(Type.String()),
        interval: Type.Optional(Type.Number()),
        unit: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
});

/** Positions of the values JSON cannot carry (sent as null). */
const FieldEntities = Type.Object({
  NaN: Type.Optional(Type.Array(Type.Integer())),
  Inf: Type.Optional(Type.Array(Type.Integer())),
  NegInf: Type.Optional(Type.Array(Type.Integer())),
});

/** A data frame in Grafana's JSON wire form (also what the alert rule preview answers). */
export const DataFrame = Type.Object({
  schema: Type.Object({
    refId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    meta: Type.Optional(FrameMeta),
    fields: Type.Array(FieldSchema),
  }),
  data: Type.Object({
    // column-major: values[i] holds field i's values, whatever the back end answered
    values: Type.Array(Type.Array(Type.Unknown())),
    entities: Type.Optional(Type.Array(Type.Union([FieldEntities, Type.Null()]))),
  }),
});

/** One refId's answer: status 200, or the failure's status with `error` saying why. */
export const QueryResult = Type.Object({
  status: Type.Integer(),
  frames: Type.Array(DataFrame),
  error: Type.Optional(Type.String()),
});

/** 200, or 207 when any query failed (Grafana's Multi-Status): the same body. */
export const QueryResponse = Type.Object({ results: Type.Record(Type.String(), QueryResult) });
