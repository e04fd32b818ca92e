import { useState, type FormEvent } from 'react';
import { changePassword } from '../../../api/user.js';
import { Notice } from '../shared/Notice.js';
import { PasswordField } from '../shared/PasswordField.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { useAction } from '../shared/useAction.js';

const EMPTY = { oldPassword: '', newPassword: '', confirmNew: '' };

/** The signed-in user's own password: the current one, the new one twice. */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const action = useAction();
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await action.run(async () => {
      // The server accepts confirmNew without comparing it, as Grafana does: the check is ours.
      if (form.newPassword !== form.confirmNew) throw new Error('New password and confirmation do not match');
      await changePassword(form);
    }, 'Password changed');
    if (ok) setForm(EMPTY);
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Change password">
      <PasswordField
        label="Old password"
        autoComplete="current-password"
        value={form.oldPassword}
        onChange={set('oldPassword')}
      />
      <PasswordField label="New password" value={form.newPassword} onChange={set('newPassword')} />
      <PasswordField label="Confirm password" value={form.confirmNew} onChange={set('confirmNew')} />
      <Notice error={action.error} success={action.success} />
      <SubmitRow label="Change password" disabled={action.busy} />
    </form>
  );
}
