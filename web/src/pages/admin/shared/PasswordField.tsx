import { Field } from './Field.js';

/** A labelled, required password input. */
export function PasswordField({
  label,
  autoComplete = 'new-password',
  value,
  onChange,
}: {
  label: string;
  autoComplete?: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      <input
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </Field>
  );
}
