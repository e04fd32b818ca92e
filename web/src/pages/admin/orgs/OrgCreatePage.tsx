import { useState, type FormEvent } from 'react';
import { createOrg } from '../../../api/orgs.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { Field } from '../shared/Field.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { useAction } from '../shared/useAction.js';

/** /admin/orgs/new: a new organization; its creator becomes its Admin. */
export function OrgCreatePage() {
  const can = usePermissions();
  const [name, setName] = useState('');
  const action = useAction();
  if (!can('orgs:create')) return <NoAccess what="create organizations" />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let orgId = 0;
    const ok = await action.run(async () => {
      orgId = (await createOrg(name)).orgId;
    });
    if (ok) navigate(`/admin/orgs/edit/${orgId}`);
  };
  return (
    <section>
      <h2>New organization</h2>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field label="Organization name">
          <input value={name} onChange={(event) => setName(event.target.value)} required autoFocus />
        </Field>
        <Notice error={action.error} />
        <SubmitRow label="Create organization" disabled={action.busy} />
      </form>
    </section>
  );
}
