import type { DataSource, DataSourceUpdate } from './types.js';

/**
 * The edit form's state and its conversion to the update body. Secrets never come back from the
 * server, so the form holds only what it will change: `secrets` maps a secureJsonData key to its
 * new value, and '' asks the server to remove the stored one.
 */

/** A custom HTTP header: jsonData `httpHeaderName<N>`, secret value secureJsonData `httpHeaderValue<N>`. */
export interface HeaderRow {
  /** stable React key */
  key: number;
  name: string;
  /** a new value ('' when none typed) */
  value: string;
  /** N of the stored secret this row was loaded with; undefined for a new row or one reset */
  storedIndex?: number;
}

export interface FormState {
  name: string;
  url: string;
  access: string;
  user: string;
  basicAuth: boolean;
  basicAuthUser: string;
  isDefault: boolean;
  /** every jsonData key except the header names, which live in `headers` */
  jsonData: Record<string, unknown>;
  secrets: Record<string, string>;
  headers: HeaderRow[];
}

const HEADER_NAME = /^httpHeaderName(\d+)$/;
const HEADER_VALUE = /^httpHeaderValue(\d+)$/;
let nextKey = 1;

export function newHeaderRow(): HeaderRow {
  return { key: nextKey++, name: '', value: '' };
}

/** Grafana compat: headers are read from N = 1 up to the first missing name, as the server does. */
function loadHeaders(ds: DataSource): HeaderRow[] {
  const rows: HeaderRow[] = [];
  for (let index = 1; ; index++) {
    const name = ds.jsonData[`httpHeaderName${index}`];
    if (typeof name !== 'string' || name.trim() === '') break;
    const stored = ds.secureJsonFields[`httpHeaderValue${index}`] === true;
    rows.push({ key: nextKey++, name, value: '', storedIndex: stored ? index : undefined });
  }
  return rows;
}

export function formFromDataSource(ds: DataSource): FormState {
  const jsonData = Object.fromEntries(Object.entries(ds.jsonData).filter(([key]) => !HEADER_NAME.test(key)));
  return {
    name: ds.name,
    url: ds.url,
    access: ds.access || 'proxy',
    user: ds.user,
    basicAuth: ds.basicAuth,
    basicAuthUser: ds.basicAuthUser,
    isDefault: ds.isDefault,
    jsonData,
    secrets: {},
    headers: loadHeaders(ds),
  };
}

/** Whether a stored secret is kept as it is (shown as "configured"). */
export function secretConfigured(ds: DataSource, form: FormState, key: string): boolean {
  return ds.secureJsonFields[key] === true && !(key in form.secrets);
}

/**
 * The N each header is saved under: rows without a name are dropped and the rest numbered from
 * 1 without gaps (the server stops reading at the first gap).
 */
export function headerIndexes(rows: HeaderRow[]): (number | undefined)[] {
  let next = 1;
  return rows.map((row) => (row.name.trim() === '' ? undefined : next++));
}

/** A header keeps its stored value only under the same N: secrets cannot be moved by the browser. */
export function headerKeepsSecret(row: HeaderRow, index: number | undefined): boolean {
  return row.storedIndex !== undefined && row.storedIndex === index;
}

/** A header that had a stored value which, renumbered, must be typed again. */
export function headerLostSecret(row: HeaderRow, index: number | undefined): boolean {
  return row.storedIndex !== undefined && row.storedIndex !== index && row.value === '';
}

export function updateBody(ds: DataSource, form: FormState): DataSourceUpdate {
  const jsonData: Record<string, unknown> = { ...form.jsonData };
  const secureJsonData: Record<string, string> = { ...form.secrets };
  const indexes = headerIndexes(form.headers);
  let count = 0;
  form.headers.forEach((row, position) => {
    const index = indexes[position];
    if (index === undefined) return;
    count = index;
    jsonData[`httpHeaderName${index}`] = row.name.trim();
    if (!headerKeepsSecret(row, index)) secureJsonData[`httpHeaderValue${index}`] = row.value;
  });
  // Values stored beyond the last header belong to removed headers: the server drops them on ''.
  for (const key of Object.keys(ds.secureJsonFields)) {
    const match = HEADER_VALUE.exec(key);
    if (match && Number(match[1]) > count) secureJsonData[key] = '';
  }
  return {
    name: form.name.trim(),
    type: ds.type,
    access: form.access === 'direct' ? 'direct' : 'proxy',
    url: form.url.trim(),
    user: form.user,
    database: ds.database,
    basicAuth: form.basicAuth,
    basicAuthUser: form.basicAuthUser,
    withCredentials: ds.withCredentials,
    isDefault: form.isDefault,
    jsonData,
    secureJsonData,
    version: ds.version,
  };
}
