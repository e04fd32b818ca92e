/** The shapes of the administration endpoints the pages read (declared with their API calls). */
export type { AuthSession, UserDetail, UserOrgRow, UserSearch } from '../../../api/users.js';
export type { Org, OrgMemberSearch } from '../../../api/orgs.js';
export type { Team, TeamMember, TeamSearch } from '../../../api/teams.js';
export type {
  ServiceAccount,
  ServiceAccountSearch,
  ServiceAccountToken,
} from '../../../api/serviceaccounts.js';
