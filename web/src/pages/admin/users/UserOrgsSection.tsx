import { useState, type FormEvent } from 'react';
import { addOrgMember, listAllOrgs, removeOrgMember, setOrgMemberRole } from '../../../api/orgs.js';
import { userOrgs } from '../../../api/users.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { Notice } from '../shared/Notice.js';
import { RoleSelect } from '../shared/RoleSelect.js';
import type { Org, UserDetail, UserOrgRow } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';

/** The organizations a user belongs to: change the role, remove, add to another one. */
export function UserOrgsSection({ user }: { user: UserDetail }) {
  const can = usePermissions();
  const memberScope = `users:id:${user.id}`;
  const memberships = useLoad<UserOrgRow[]>((signal) => userOrgs(user.id, signal), [user.id]);
  const canAdd = can('org.users:add', 'users:*');
  // Only server admins can list every organization; others get no "add" form.
  const allOrgs = useLoad<Org[]>(canAdd && can('orgs:delete') ? listAllOrgs : undefined);
  const action = useAction();
  const change = async (work: () => Promise<unknown>, message: string) => {
    if (await action.run(work, message)) memberships.reload();
  };

  const joined = new Set((memberships.data ?? []).map((m) => m.orgId));
  const candidates = (allOrgs.data ?? []).filter((org) => !joined.has(org.id));
  return (
    <div>
      <Notice error={memberships.error ?? action.error} success={action.success} />
      <table className="admin-table" aria-label="Organizations of the user">
        <thead>
          <tr>
            <th>Organization</th>
            <th>Role</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(memberships.data ?? []).map((m) => (
            <tr key={m.orgId}>
              <td>
                {can('orgs:delete') ? <Link to={`/admin/orgs/edit/${m.orgId}`}>{m.name}</Link> : m.name}
              </td>
              <td>
                <RoleSelect
                  label={`Role in ${m.name}`}
                  value={m.role}
                  withNone
                  disabled={!can('org.users:write', memberScope) || action.busy}
                  onChange={(role) =>
                    void change(
                      () => setOrgMemberRole(m.orgId, user.id, role),
                      `Role in ${m.name} changed to ${role}`,
                    )
                  }
                />
              </td>
              <td>
                {can('org.users:remove', memberScope) && (
                  <ConfirmButton
                    label="Remove"
                    name={`Remove from ${m.name}`}
                    question={`Remove from ${m.name}?`}
                    onConfirm={() =>
                      change(() => removeOrgMember(m.orgId, user.id), `Removed from ${m.name}`)
                    }
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canAdd && candidates.length > 0 && (
        <AddToOrg
          user={user}
          orgs={candidates}
          onAdd={(orgId, role) =>
            change(() => addOrgMember(orgId, user.login, role), 'Added to the organization')
          }
        />
      )}
    </div>
  );
}

function AddToOrg({
  orgs,
  onAdd,
}: {
  user: UserDetail;
  orgs: Org[];
  onAdd: (orgId: number, role: string) => Promise<void>;
}) {
  const [orgId, setOrgId] = useState(0);
  const [role, setRole] = useState('Viewer');
  const chosen = orgs.some((org) => org.id === orgId) ? orgId : orgs[0]!.id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onAdd(chosen, role);
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label="Add to organization">
      <select
        aria-label="Organization to add to"
        value={chosen}
        onChange={(event) => setOrgId(Number(event.target.value))}
      >
        {orgs.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
      <RoleSelect label="Role in the organization" value={role} onChange={setRole} />
      <button type="submit">Add to organization</button>
    </form>
  );
}
