import { deleteTeam, searchTeams } from '../../../api/teams.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { ListHeader } from '../shared/ListHeader.js';
import { Notice } from '../shared/Notice.js';
import { Pager } from '../shared/Pager.js';
import { SearchInput } from '../shared/SearchInput.js';
import type { TeamSearch } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { PER_PAGE, useSearchPage } from '../shared/useListQuery.js';

/** /org/teams: the teams of the organization the caller may see. */
export function TeamsListPage() {
  const can = usePermissions();
  const allowed = can('teams:read');
  const {
    query,
    page,
    setQuery,
    setPage,
    list: teams,
  } = useSearchPage<TeamSearch>(allowed ? searchTeams : undefined);
  const action = useAction();
  if (!allowed && !can('teams:create')) return <NoAccess what="see the teams of this organization" />;
  return (
    <section>
      <ListHeader title="Teams" create={can('teams:create') && { to: '/org/teams/new', label: 'New team' }} />
      {allowed && <SearchInput label="Search teams" value={query} onChange={setQuery} />}
      <Notice error={teams.error ?? action.error} success={action.success} />
      {teams.data && (
        <>
          <table className="admin-table" aria-label="Teams">
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Members</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {teams.data.teams.map((team) => (
                <tr key={team.id}>
                  <td>
                    <Link to={`/org/teams/edit/${team.id}`}>{team.name}</Link>
                  </td>
                  <td>{team.email}</td>
                  <td>{team.memberCount}</td>
                  <td>
                    {can('teams:delete', `teams:id:${team.id}`) && (
                      <ConfirmButton
                        label="Delete"
                        name={`Delete team ${team.name}`}
                        question={`Delete the team ${team.name}?`}
                        onConfirm={async () => {
                          if (await action.run(() => deleteTeam(team.id), `${team.name} deleted`))
                            teams.reload();
                        }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {teams.data.teams.length === 0 && <p className="muted">No teams yet.</p>}
          <Pager page={page} perPage={PER_PAGE} total={teams.data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
