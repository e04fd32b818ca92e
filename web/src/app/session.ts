import { createContext, useContext } from 'react';
import type { PermissionMap, SignedInUser, UserOrg } from '../api/user.js';

export interface Session {
  user: SignedInUser;
  orgs: UserOrg[];
  theme: 'dark' | 'light';
  /** the user's time zone preference ("" when unset) */
  timezone: string;
  /** the signed-in user's permissions in the current org: drive what the UI offers */
  permissions: PermissionMap;
  reload: () => void;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

/** Grafana's theme preference: "light", "dark", "system" or empty (the default, dark). */
export function resolveTheme(preference: string | undefined): 'dark' | 'light' {
  if (preference === 'light') return 'light';
  if (
    preference === 'system' &&
    typeof matchMedia === 'function' &&
    matchMedia('(prefers-color-scheme: light)').matches
  ) {
    return 'light';
  }
  return 'dark';
}
