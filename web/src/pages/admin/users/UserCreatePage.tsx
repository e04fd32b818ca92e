import { useState, type FormEvent } from 'react';
import { createUser } from '../../../api/users.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate } from '../../../app/router.js';
import { Field } from '../shared/Field.js';
import { NoAccess } from '../shared/NoAccess.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { useAction } from '../shared/useAction.js';

/** /admin/users/create: a new user with a password, added to the current organization. */
export function UserCreatePage() {
  const can = usePermissions();
  const [form, setForm] = useState({ name: '', email: '', login: '', password: '' });
  const action = useAction();
  if (!can('users:create')) return <NoAccess what="create users" />;

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let id = 0;
    const ok = await action.run(async () => {
      id = (await createUser(form)).id;
    });
    if (ok) navigate(`/admin/users/edit/${id}`);
  };
  return (
    <section>
      <h2>New user</h2>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field label="Name">
          <input value={form.name} onChange={set('name')} autoFocus />
        </Field>
        <Field label="Email">
          <input type="email" value={form.email} onChange={set('email')} />
        </Field>
        <Field label="Username" hint="Defaults to the email when empty.">
          <input value={form.login} onChange={set('login')} />
        </Field>
        <Field label="Password">
          <input type="password" value={form.password} onChange={set('password')} required />
        </Field>
        <Notice error={action.error} />
        <SubmitRow label="Create user" disabled={action.busy} />
      </form>
    </section>
  );
}
