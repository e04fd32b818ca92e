import { lastSeenAge } from '../../lib/last-seen-age.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { toIso } from '../../lib/clock.js';
import type { MemberRow, OrgRow } from './orgs.store.js';

/** SPEC's organization resource. */
export function presentOrg(org: OrgRow) {
  return {
    id: org.id,
    name: org.name,
    address: {
      address1: org.address1,
      address2: org.address2,
      city: org.city,
      zipCode: org.zip_code,
      state: org.state,
      country: org.country,
    },
  };
}

/** SPEC's organization user, with Grafana's extra fields. */
export function presentMember(member: MemberRow, now: number) {
  return {
    orgId: member.orgId,
    userId: member.userId,
    uid: member.uid,
    email: member.email,
    name: member.name,
    avatarUrl: avatarUrl(member.email),
    login: member.login,
    role: member.role,
    lastSeenAt: toIso(member.lastSeenAt || 0),
    lastSeenAtAge: lastSeenAge(member.lastSeenAt, now),
    authLabels: [] as string[],
    isDisabled: member.isDisabled === 1,
    isExternallySynced: false,
    isProvisioned: false,
  };
}
