import { useState, type FormEvent } from 'react';
import { setUserPassword } from '../../../api/users.js';
import { Notice } from '../shared/Notice.js';
import { PasswordField } from '../shared/PasswordField.js';
import { useAction } from '../shared/useAction.js';

/** A server admin sets another user's password (no old password needed). */
export function UserPasswordForm({ userId }: { userId: number }) {
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await action.run(() => setUserPassword(userId, password), 'Password changed');
    if (ok) setPassword('');
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Set password">
      <PasswordField label="New password" value={password} onChange={setPassword} />
      <Notice error={action.error} success={action.success} />
      <div className="admin-actions">
        <button type="submit" disabled={action.busy || !password}>
          Change password
        </button>
      </div>
    </form>
  );
}
