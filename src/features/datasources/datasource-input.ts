import { checkMaxLength } from '../../http/errors.js';
import { charLength, isStorableId, LIMITS } from '../../lib/limits.js';
import { isValidUid } from '../../lib/uid.js';
import { invalidUrl, nameInvalid, uidInvalid, urlInvalid, versionInvalid } from './datasources.errors.js';
import type { DataSourceBody } from './datasources.schema.js';

/** A data source as written through the API or a provisioning file, before storage. */
export interface DataSourceInput {
  name: string;
  type: string;
  access: 'proxy' | 'direct';
  url: string;
  /** '' when the caller did not choose one */
  uid: string;
  database: string;
  user: string;
  basicAuth: boolean;
  basicAuthUser: string;
  withCredentials: boolean;
  isDefault: boolean;
  jsonData: Record<string, unknown>;
  /** plaintext secrets to set; '' removes a stored one */
  secureJsonData: Record<string, string>;
  /** the version the writer last read (0: none, skip the check) */
  version: number;
}

const { dataSource } = LIMITS;

/** The API body with Grafana's defaults applied; legacy password fields join secureJsonData. */
export function inputFromBody(body: DataSourceBody): DataSourceInput {
  const secureJsonData: Record<string, string> = {};
  if (body.password !== undefined) secureJsonData.password = body.password;
  if (body.basicAuthPassword !== undefined) secureJsonData.basicAuthPassword = body.basicAuthPassword;
  Object.assign(secureJsonData, body.secureJsonData ?? {});
  return {
    name: body.name,
    type: body.type,
    access: body.access ?? 'proxy',
    url: body.url ?? '',
    uid: body.uid ?? '',
    database: body.database ?? '',
    user: body.user ?? '',
    basicAuth: body.basicAuth ?? false,
    basicAuthUser: body.basicAuthUser ?? '',
    withCredentials: body.withCredentials ?? false,
    isDefault: body.isDefault ?? false,
    jsonData: body.jsonData ?? {},
    secureJsonData,
    version: body.version ?? 0,
  };
}

/**
 * Grafana's checks (name and url lengths, uid characters, a parseable URL), then what the other
 * columns hold: API bodies were checked by their schema, provisioning files were not.
 */
export function validateInput(input: DataSourceInput): void {
  if (input.name.trim() === '' || charLength(input.name) > dataSource.name) throw nameInvalid();
  if (charLength(input.url) > dataSource.url) throw urlInvalid();
  if (input.uid !== '' && !isValidUid(input.uid)) throw uidInvalid();
  if (input.url !== '' && !isParseableUrl(input.url)) throw invalidUrl(input.url);
  checkMaxLength('type', input.type, dataSource.type);
  checkMaxLength('database', input.database, dataSource.database);
  checkMaxLength('user', input.user, dataSource.user);
  checkMaxLength('basicAuthUser', input.basicAuthUser, dataSource.basicAuthUser);
  // the stored version becomes one more than the larger of this and the stored one
  if (!isStorableId(input.version + 1)) throw versionInvalid();
}

/** Grafana compat: a URL without a scheme is read as http:// (ValidateURL), so `localhost:9090` passes. */
function isParseableUrl(url: string): boolean {
  const withScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(url) ? url : `http://${url}`;
  try {
    new URL(withScheme);
    return true;
  } catch {
    return false;
  }
}
