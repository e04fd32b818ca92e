import { useEffect, useState, type FormEvent } from 'react';
import { Field } from './Field.js';
import { Notice } from './Notice.js';
import { SubmitRow } from './SubmitRow.js';
import { useAction } from './useAction.js';

/** An organization's name, saved with `onSave`; read-only without the permission. */
export function OrgNameForm({
  name,
  disabled,
  onSave,
}: {
  name: string;
  disabled?: boolean;
  onSave: (name: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(name);
  const action = useAction();
  useEffect(() => setValue(name), [name]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => onSave(value), 'Organization name saved');
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-label="Rename organization">
      <Field label="Organization name">
        <input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={disabled}
          required
        />
      </Field>
      <Notice error={action.error} success={action.success} />
      {!disabled && <SubmitRow label="Save name" disabled={action.busy} />}
    </form>
  );
}
