const ROLES = ['Viewer', 'Editor', 'Admin'] as const;

/** The organization roles; `withNone` adds Grafana's "No basic role" (service accounts, org users). */
export function RoleSelect({
  value,
  label,
  disabled,
  withNone,
  onChange,
}: {
  value: string;
  label: string;
  disabled?: boolean;
  withNone?: boolean;
  onChange: (role: string) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {withNone && <option value="None">No basic role</option>}
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}
