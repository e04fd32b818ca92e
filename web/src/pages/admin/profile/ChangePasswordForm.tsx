import { useState, type FormEvent } from 'react';
import { api } from '../../../app/api.js';
import { Field } from '../shared/Field.js';
import { Notice } from '../shared/Notice.js';
import { useAction } from '../shared/useAction.js';

const EMPTY = { oldPassword: '', newPassword: '', confirmNew: '' };

/** The signed-in user's own password: the current one, the new one twice. */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const action = useAction();
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await action.run(async () => {
      // The server accepts confirmNew without comparing it, as Grafana does: the check is ours.
      if (form.newPassword !== form.confirmNew) throw new Error('New password and confirmation do not match');
      await api('PUT', '/api/user/password', form);
    }, 'Password changed');
    if (ok) setForm(EMPTY);
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Change password">
      <Field label="Old password">
        <input
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={set('oldPassword')}
          required
        />
      </Field>
      <Field label="New password">
        <input
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          required
        />
      </Field>
      <Field label="Confirm password">
        <input
          type="password"
          autoComplete="new-password"
          value={form.confirmNew}
          onChange={set('confirmNew')}
          required
        />
      </Field>
      <Notice error={action.error} success={action.success} />
      <div className="admin-actions">
        <button type="submit" className="admin-primary" disabled={action.busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
