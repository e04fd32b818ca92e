import { useState, type FormEvent } from 'react';
import { createServiceAccount } from '../../../api/serviceaccounts.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { Field } from '../shared/Field.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { RoleSelect } from '../shared/RoleSelect.js';
import { useAction } from '../shared/useAction.js';

/** /org/serviceaccounts/create: a service account with a role in the organization. */
export function ServiceAccountCreatePage() {
  const can = usePermissions();
  const [name, setName] = useState('');
  const [role, setRole] = useState('Viewer');
  const action = useAction();
  if (!can('serviceaccounts:create')) return <NoAccess what="create service accounts" />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let id = 0;
    const ok = await action.run(async () => {
      id = (await createServiceAccount({ name, role })).id;
    });
    if (ok) navigate(`/org/serviceaccounts/${id}`);
  };
  return (
    <section>
      <h2>Add service account</h2>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field label="Display name">
          <input value={name} onChange={(event) => setName(event.target.value)} required autoFocus />
        </Field>
        <Field label="Role">
          <RoleSelect label="Role" value={role} withNone onChange={setRole} />
        </Field>
        <Notice error={action.error} />
        <SubmitRow label="Create" disabled={action.busy} />
      </form>
    </section>
  );
}
