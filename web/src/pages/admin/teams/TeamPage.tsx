import { deleteTeam, teamById } from '../../../api/teams.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import type { Team } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';
import { TeamMembers } from './TeamMembers.js';
import { TeamSettingsForm } from './TeamSettingsForm.js';

/** /org/teams/edit/<id>: a team's members and settings. */
export function TeamPage({ id }: { id: string }) {
  const can = usePermissions();
  const scope = `teams:id:${id}`;
  const allowed = can('teams:read', scope);
  const team = useLoad<Team>(allowed ? (signal) => teamById(id, signal) : undefined, [id]);
  const action = useAction();
  if (!allowed) return <NoAccess what="see this team" />;
  if (team.error) return <Notice error={team.error} />;
  if (!team.data) return <p className="muted">Loading…</p>;
  const t = team.data;
  return (
    <section>
      <p>
        <Link to="/org/teams">← Teams</Link>
      </p>
      <div className="admin-header">
        <h2>{t.name}</h2>
        {can('teams:delete', scope) && (
          <ConfirmButton
            label="Delete team"
            question={`Delete the team ${t.name}?`}
            onConfirm={async () => {
              if (await action.run(() => deleteTeam(t.id))) navigate('/org/teams');
            }}
          />
        )}
      </div>
      <Notice error={action.error} />
      <Panel title="Members">
        <TeamMembers teamId={t.id} onChange={team.reload} />
      </Panel>
      <Panel title="Settings">
        <TeamSettingsForm team={t} disabled={!can('teams:write', scope)} onSaved={team.reload} />
      </Panel>
    </section>
  );
}
