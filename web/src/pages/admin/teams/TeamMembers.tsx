import { useState, type FormEvent } from 'react';
import { addTeamMember, removeTeamMember, teamMembers } from '../../../api/teams.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { Notice } from '../shared/Notice.js';
import type { TeamMember } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';
import { findOrgUser, UserPicker } from './UserPicker.js';

const TEAM_ADMIN = 4;

/**
 * A team's members: add a user of the organization by login, remove one. Members team sync added
 * carry their provider's label (as Grafana shows them); they can still be removed, as in Grafana.
 */
export function TeamMembers({ teamId, onChange }: { teamId: number; onChange: () => void }) {
  const can = usePermissions();
  const scope = `teams:id:${teamId}`;
  const members = useLoad<TeamMember[]>(
    can('teams.permissions:read', scope) ? (signal) => teamMembers(teamId, signal) : undefined,
    [teamId],
  );
  const action = useAction();
  const [login, setLogin] = useState('');
  // Picking users reads the organization's users.
  const canAdd = can('teams.permissions:write', scope) && can('org.users:read', 'users:*');
  if (!can('teams.permissions:read', scope)) return null;

  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) {
      members.reload();
      onChange();
      return true;
    }
    return false;
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = login.trim();
    const added = await change(async () => {
      const user = await findOrgUser(text);
      if (!user) throw new Error(`No user with the login "${text}" in this organization`);
      await addTeamMember(teamId, user.userId);
    }, `${text} added to the team`);
    if (added) setLogin('');
  };

  return (
    <div>
      {canAdd && (
        <form
          className="admin-inline-form"
          onSubmit={(event) => void add(event)}
          aria-label="Add team member"
        >
          <UserPicker label="User to add" value={login} onChange={setLogin} />
          <button type="submit" disabled={!login.trim() || action.busy}>
            Add member
          </button>
        </form>
      )}
      <Notice error={members.error ?? action.error} success={action.success} />
      {members.data && members.data.length === 0 && <p className="muted">This team has no members.</p>}
      {members.data && members.data.length > 0 && (
        <table className="admin-table" aria-label="Team members">
          <thead>
            <tr>
              <th>Login</th>
              <th>Email</th>
              <th>Name</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {members.data.map((m) => (
              <tr key={m.userId}>
                <td>
                  {m.login}
                  {m.permission === TEAM_ADMIN && <span className="admin-badge">Team admin</span>}
                  {/* Added by team sync: the provider's label; its next sign-in puts it back if removed. */}
                  {m.labels.map((label) => (
                    <span
                      key={label}
                      className="admin-badge"
                      title={`Synced from ${label}: membership follows the user's groups`}
                    >
                      {label}
                    </span>
                  ))}
                </td>
                <td>{m.email}</td>
                <td>{m.name}</td>
                <td>
                  {can('teams.permissions:write', scope) && (
                    <ConfirmButton
                      label="Remove"
                      name={`Remove ${m.login} from the team`}
                      question={`Remove ${m.login}?`}
                      onConfirm={() => change(() => removeTeamMember(teamId, m.userId), `${m.login} removed`)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
