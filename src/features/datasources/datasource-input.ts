import { isValidUid } from '../../lib/uid.js';
import { invalidUrl, nameInvalid, uidInvalid, urlInvalid } from './datasources.errors.js';
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

// Grafana's limits (pkg/services/datasources/service/datasource.go).
const MAX_NAME_LENGTH = 190;
const MAX_URL_LENGTH = 255;

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

/** Grafana's checks: name and url lengths, uid characters, and a parseable URL. */
export function validateInput(input: DataSourceInput): void {
  if (input.name.trim() === '' || input.name.length > MAX_NAME_LENGTH) throw nameInvalid();
  if (input.url.length > MAX_URL_LENGTH) throw urlInvalid();
  if (input.uid !== '' && !isValidUid(input.uid)) throw uidInvalid();
  if (input.url !== '' && !isParseableUrl(input.url)) throw invalidUrl(input.url);
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
