import { useEffect, useState, type FormEvent } from 'react';
import { Field } from './Field.js';
import { Notice } from './Notice.js';
import { SubmitRow } from './SubmitRow.js';
import { useAction } from './useAction.js';

interface UserInfo {
  name: string;
  email: string;
  login: string;
}

/** Name, email and login of a user: the profile page's and the user admin page's form. */
export function UserInfoForm({
  user,
  disabled,
  onSave,
}: {
  user: UserInfo;
  disabled?: boolean;
  onSave: (info: UserInfo) => Promise<unknown>;
}) {
  const [form, setForm] = useState<UserInfo>(user);
  const action = useAction();
  useEffect(() => setForm({ name: user.name, email: user.email, login: user.login }), [user]);

  const set = (key: keyof UserInfo) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => onSave(form), 'User information saved');
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-label="User information">
      <Field label="Name">
        <input value={form.name} onChange={set('name')} disabled={disabled} />
      </Field>
      <Field label="Email">
        <input type="email" value={form.email} onChange={set('email')} disabled={disabled} />
      </Field>
      <Field label="Username">
        <input value={form.login} onChange={set('login')} disabled={disabled} />
      </Field>
      <Notice error={action.error} success={action.success} />
      {!disabled && <SubmitRow label="Save" disabled={action.busy} />}
    </form>
  );
}
