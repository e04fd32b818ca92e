import type { DataSourceInfo } from '../../api/datasources.js';

/** The data sources the caller may query, the chosen one first selected. */
export function DataSourcePicker({
  value,
  datasources,
  onChange,
}: {
  value: string;
  datasources: DataSourceInfo[];
  onChange: (uid: string) => void;
}) {
  return (
    <label className="field inline">
      <span>Data source</span>
      <select aria-label="Data source" value={value} onChange={(event) => onChange(event.target.value)}>
        {value === '' && <option value="">Choose a data source</option>}
        {datasources.map((d) => (
          <option key={d.uid} value={d.uid}>
            {d.name}
            {d.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
