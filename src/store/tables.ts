import type { Generated } from 'kysely';

// Row types of every table. Flags are 0/1 integers and times are epoch milliseconds so that the
// same values round-trip through SQLite, PostgreSQL and MySQL.

export interface OrgTable {
  id: Generated<number>;
  version: number;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  created: number;
  updated: number;
}

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  version: number;
  /** lower-cased: logins are case-insensitive */
  login: string;
  /** lower-cased: emails are case-insensitive */
  email: string;
  name: string;
  /** tagged hash, e.g. `scrypt$…`, or a Grafana PBKDF2 hex hash with `salt` */
  password: string;
  salt: string;
  theme: string;
  org_id: number;
  is_admin: number;
  is_disabled: number;
  is_service_account: number;
  is_external: number;
  created: number;
  updated: number;
  last_seen_at: number;
}

export interface OrgUserTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  role: string;
  created: number;
  updated: number;
}

export interface ServerLockTable {
  operation_uid: string;
  version: number;
  last_execution: number;
}

export interface Tables {
  org: OrgTable;
  users: UsersTable;
  org_user: OrgUserTable;
  server_lock: ServerLockTable;
}
