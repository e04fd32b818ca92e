import { currentOrg, renameCurrentOrg } from '../../../api/orgs.js';
import { usePermissions } from '../../../app/permissions.js';
import { useSession } from '../../../app/session.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import { OrgNameForm } from '../shared/OrgNameForm.js';
import type { Org } from '../shared/types.js';
import { useLoad } from '../../../app/useLoad.js';

/** /org: the current organization's name. */
export function OrgSettingsPage() {
  const can = usePermissions();
  const { reload } = useSession();
  const org = useLoad<Org>(currentOrg);
  return (
    <section>
      <h2>Organization settings</h2>
      <Notice error={org.error} />
      {org.data && (
        <Panel>
          <OrgNameForm
            name={org.data.name}
            disabled={!can('orgs:write')}
            onSave={async (name) => {
              await renameCurrentOrg(name);
              org.reload();
              // The organization switcher shows the name.
              reload();
            }}
          />
        </Panel>
      )}
    </section>
  );
}
