/** The search box above a list. */
export function SearchInput({
  label,
  placeholder = 'Search by name',
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <input
      type="search"
      className="admin-search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
