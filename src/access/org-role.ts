/** A user's role in an organization (Grafana's basic roles, without the server-wide Grafana Admin). */
export type OrgRole = 'Viewer' | 'Editor' | 'Admin' | 'None';

const RANK: Record<OrgRole, number> = { None: 0, Viewer: 1, Editor: 2, Admin: 3 };

/** Whether role `a` includes everything of role `b`. */
export function roleIncludes(a: OrgRole, b: OrgRole): boolean {
  return RANK[a] >= RANK[b];
}

export function isOrgRole(value: unknown): value is OrgRole {
  return value === 'Viewer' || value === 'Editor' || value === 'Admin' || value === 'None';
}
