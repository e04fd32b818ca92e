/** The signed-in user: profile, organizations, preferences, permissions, sessions, login. */
import type { Static } from '@fastify/type-provider-typebox';
import type { LoginBody, RevokeTokenBody } from '../../../src/features/auth/auth.schema.js';
import type {
  PreferencesBody,
  PreferencesDto,
} from '../../../src/features/preferences/preferences.schema.js';
import type { FrontendSettings } from '../../../src/features/oauth/oauth.schema.js';
import type { ChangePasswordBody, UpdateProfileBody } from '../../../src/features/users/users.schema.js';
import { get, patch, post, put, request } from './client.js';
import type { AuthSession } from './users.js';

export interface SignedInUser {
  id: number;
  uid?: string;
  login: string;
  email: string;
  name: string;
  orgId: number;
  isGrafanaAdmin?: boolean;
  isServerAdmin?: boolean;
}

export interface UserOrg {
  orgId: number;
  name: string;
  role: string;
}

/** The signed-in user's permissions as `/api/access-control/user/permissions` returns them. */
export type PermissionMap = Record<string, string[]>;

export const signedInUser = () => get<SignedInUser>('/api/user');
export const myOrgs = () => get<UserOrg[]>('/api/user/orgs');
export const myPreferences = (signal?: AbortSignal) => get<PreferencesDto>('/api/user/preferences', signal);
export const patchMyPreferences = (body: PreferencesBody) => patch('/api/user/preferences', body);
export const myPermissions = () => get<PermissionMap>('/api/access-control/user/permissions');

export const updateProfile = (body: Static<typeof UpdateProfileBody>) => put('/api/user', body);
export const changePassword = (body: Static<typeof ChangePasswordBody>) => put('/api/user/password', body);

/** Makes `orgId` the signed-in user's current organization. */
export const switchOrg = (orgId: number) => post(`/api/user/using/${orgId}`);

export const mySessions = (signal?: AbortSignal) => get<AuthSession[]>('/api/user/auth-tokens', signal);
export const revokeMySession = (authTokenId: number) =>
  post('/api/user/revoke-auth-token', { authTokenId } satisfies Static<typeof RevokeTokenBody>);

/** Signs in; a 401 is the form's answer, not a reason to leave the page. */
export const logIn = (body: Static<typeof LoginBody>) =>
  request('POST', '/api/login', body, { quiet401: true });

/** What the login page shows before anyone signs in: the OAuth provider's button, auto login. */
export const frontendSettings = (signal?: AbortSignal) =>
  get<FrontendSettings>('/api/frontend/settings', signal);
