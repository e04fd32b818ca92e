import { useState, type FormEvent } from 'react';
import { createTeam } from '../../../api/teams.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { Field } from '../shared/Field.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { useAction } from '../shared/useAction.js';

/** /org/teams/new: a team in the current organization. */
export function TeamCreatePage() {
  const can = usePermissions();
  const [form, setForm] = useState({ name: '', email: '' });
  const action = useAction();
  if (!can('teams:create')) return <NoAccess what="create teams" />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let teamId = 0;
    const ok = await action.run(async () => {
      teamId = (await createTeam(form)).teamId;
    });
    if (ok) navigate(`/org/teams/edit/${teamId}`);
  };
  return (
    <section>
      <h2>New team</h2>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field label="Team name">
          <input
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            required
            autoFocus
          />
        </Field>
        <Field label="Team email" hint="Optional.">
          <input
            type="email"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </Field>
        <Notice error={action.error} />
        <SubmitRow label="Create team" disabled={action.busy} />
      </form>
    </section>
  );
}
