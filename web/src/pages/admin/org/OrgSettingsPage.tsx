import { api } from '../../../app/api.js';
import { usePermissions } from '../../../app/permissions.js';
import { useSession } from '../../../app/session.js';
import { Notice } from '../shared/Notice.js';
import { Panel } from '../shared/Panel.js';
import { OrgNameForm } from '../shared/OrgNameForm.js';
import type { Org } from '../shared/types.js';
import { useLoad } from '../shared/useLoad.js';

/** /org: the current organization's name. */
export function OrgSettingsPage() {
  const can = usePermissions();
  const { reload } = useSession();
  const org = useLoad<Org>('/api/org');
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
              await api('PUT', '/api/org', { name });
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
