/** The shapes of the administration endpoints the pages read. */

export type OrgRole = 'Viewer' | 'Editor' | 'Admin' | 'None';

export interface UserHit {
  id: number;
  uid: string;
  name: string;
  login: string;
  email: string;
  isAdmin: boolean;
  isDisabled: boolean;
  lastSeenAtAge: string;
}

export interface UserSearch {
  totalCount: number;
  users: UserHit[];
  page: number;
  perPage: number;
}

export interface UserDetail {
  id: number;
  uid: string;
  name: string;
  login: string;
  email: string;
  theme: string;
  orgId: number;
  isServerAdmin: boolean;
  isGrafanaAdmin: boolean;
  isDisabled: boolean;
  isExternal: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserOrgRow {
  orgId: number;
  name: string;
  role: string;
}

export interface Org {
  id: number;
  name: string;
}

export interface OrgMember {
  orgId: number;
  userId: number;
  login: string;
  email: string;
  name: string;
  role: string;
  lastSeenAtAge: string;
  isDisabled: boolean;
}

export interface OrgMemberSearch {
  totalCount: number;
  orgUsers: OrgMember[];
  page: number;
  perPage: number;
}

export interface Team {
  id: number;
  uid: string;
  orgId: number;
  name: string;
  email: string;
  memberCount: number;
}

export interface TeamSearch {
  totalCount: number;
  teams: Team[];
  page: number;
  perPage: number;
}

export interface TeamMember {
  userId: number;
  login: string;
  email: string;
  name: string;
  /** 4: team admin, 0: member */
  permission: number;
}

export interface ServiceAccount {
  id: number;
  uid: string;
  name: string;
  login: string;
  role: string;
  isDisabled: boolean;
  tokens: number;
}

export interface ServiceAccountSearch {
  totalCount: number;
  serviceAccounts: ServiceAccount[];
  page: number;
  perPage: number;
}

export interface ServiceAccountToken {
  id: number;
  name: string;
  created: string;
  lastUsedAt: string | null;
  expiration: string | null;
  hasExpired: boolean;
}

export interface AuthSession {
  id: number;
  isActive: boolean;
  clientIp: string;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  device: string;
  createdAt: string;
  seenAt: string;
}
