import { useState, type FormEvent } from 'react';
import { createServiceAccountToken } from '../../../api/serviceaccounts.js';
import { Modal } from '../../../app/Modal.js';
import { Field } from '../shared/Field.js';
import { Notice } from '../shared/Notice.js';
import { useAction } from '../shared/useAction.js';

/** YYYY-MM-DD of a day from today, in local time. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new token's name and optional expiry; hands the created key to `onCreated`. */
export function AddTokenDialog({
  accountId,
  accountName,
  onCreated,
  onClose,
}: {
  accountId: number;
  accountName: string;
  onCreated: (key: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(`${accountName}-token-${Date.now().toString(36)}`);
  const [expires, setExpires] = useState(false);
  const [date, setDate] = useState(day(30));
  const action = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let key = '';
    const ok = await action.run(async () => {
      const body: { name: string; secondsToLive?: number } = { name };
      if (expires) {
        const seconds = Math.ceil((new Date(`${date}T00:00:00`).getTime() - Date.now()) / 1000);
        if (!(seconds > 0)) throw new Error('The expiration date must be in the future');
        body.secondsToLive = seconds;
      }
      key = (await createServiceAccountToken(accountId, body)).key;
    });
    if (ok) onCreated(key);
  };
  return (
    <Modal title="Add service account token" onClose={onClose} closeOnBackdrop>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field label="Token name">
          <input value={name} onChange={(event) => setName(event.target.value)} required />
        </Field>
        <fieldset className="admin-fieldset">
          <legend>Expiration</legend>
          <label className="checkbox">
            <input type="radio" name="expiry" checked={!expires} onChange={() => setExpires(false)} />
            No expiration
          </label>
          <label className="checkbox">
            <input type="radio" name="expiry" checked={expires} onChange={() => setExpires(true)} />
            Set expiration date
          </label>
          {expires && (
            <Field label="Expiration date">
              <input
                type="date"
                min={day(1)}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </Field>
          )}
        </fieldset>
        <Notice error={action.error} />
        <div className="admin-actions">
          <button type="submit" className="admin-primary" disabled={action.busy}>
            Generate token
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
