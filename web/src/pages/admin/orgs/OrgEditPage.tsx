import { deleteOrg, orgById, renameOrg } from '../../../api/orgs.js';
import { Link } from '../../../app/Link.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { ConfirmButton } from '../shared/ConfirmButton.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import { OrgMembers } from '../shared/OrgMembers.js';
import { OrgNameForm } from '../shared/OrgNameForm.js';
import type { Org } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';

/** /admin/orgs/edit/<id>: rename, delete, and the organization's users. */
export function OrgEditPage({ id }: { id: string }) {
  const can = usePermissions();
  const allowed = can('orgs:delete');
  const org = useLoad<Org>(allowed ? (signal) => orgById(id, signal) : undefined, [id]);
  const action = useAction();
  if (!allowed) return <NoAccess what="manage the organizations of the server" />;
  if (org.error) return <Notice error={org.error} />;
  if (!org.data) return <p className="muted">Loading…</p>;
  const { name } = org.data;
  return (
    <section>
      <p>
        <Link to="/admin/orgs">← Organizations</Link>
      </p>
      <div className="admin-header">
        <h2>{name}</h2>
        <ConfirmButton
          label="Delete organization"
          question={`Delete ${name} and everything in it?`}
          onConfirm={async () => {
            if (await action.run(() => deleteOrg(org.data!.id))) navigate('/admin/orgs');
          }}
        />
      </div>
      <Notice error={action.error} />
      <Panel>
        <OrgNameForm
          name={name}
          disabled={!can('orgs:write')}
          onSave={async (newName) => {
            await renameOrg(org.data!.id, newName);
            org.reload();
          }}
        />
      </Panel>
      <Panel title="Users">
        <OrgMembers org={org.data.id} />
      </Panel>
    </section>
  );
}
