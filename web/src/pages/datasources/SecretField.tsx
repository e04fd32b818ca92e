/**
 * A secret setting: the server never returns it, so a stored one shows as "configured" with a
 * Reset button; resetting (or a secret never set) shows a password input.
 */
export function SecretField({
  label,
  configured,
  value,
  disabled,
  placeholder,
  onChange,
  onReset,
}: {
  label: string;
  configured: boolean;
  value: string;
  disabled: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
  onReset: () => void;
}) {
  if (configured) {
    return (
      <div className="ds-field">
        <span className="ds-label">{label}</span>
        <span className="ds-secret">
          <input aria-label={label} value="configured" disabled readOnly className="ds-configured" />
          {!disabled && (
            <button type="button" onClick={onReset} aria-label={`Reset ${label}`}>
              Reset
            </button>
          )}
        </span>
      </div>
    );
  }
  return (
    <label className="ds-field">
      <span className="ds-label">{label}</span>
      <input
        type="password"
        autoComplete="new-password"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
