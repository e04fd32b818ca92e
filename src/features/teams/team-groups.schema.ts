import { Type } from 'typebox';
import { Id, LIMITS, Text } from '../../lib/limits.js';

/** An external group id as a provider reports it (an LDAP group DN, an OAuth group name). */
const GroupId = () => Text(LIMITS.team.groupId, { minLength: 1 });

export const TeamGroupBody = Type.Object({ groupId: GroupId() });
export const TeamGroupQuery = Type.Object({ groupId: GroupId() });
/** Grafana's older form: DELETE /api/teams/:id/groups/:groupId */
export const TeamGroupParams = Type.Object({ id: Id(), groupId: GroupId() });

export const TeamGroupDto = Type.Object({
  orgId: Type.Integer(),
  teamId: Type.Integer(),
  groupId: Type.String(),
});
