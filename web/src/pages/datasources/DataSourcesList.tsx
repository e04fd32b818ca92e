import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.js';
import { listDataSources } from '../../api/datasources.js';
import { Link } from '../../app/Link.js';
import { usePermissions } from '../../app/permissions.js';
import type { DataSourceListItem } from './types.js';

/** The org's data sources: name, type, URL and the default badge; "Add" for those who may create. */
export default function DataSourcesList() {
  const can = usePermissions();
  const [items, setItems] = useState<DataSourceListItem[]>();
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    listDataSources().then(setItems, (caught: unknown) => setError(errorText(caught)));
  }, []);

  const needle = filter.trim().toLowerCase();
  const shown = (items ?? []).filter(
    (item) =>
      needle === '' ||
      item.name.toLowerCase().includes(needle) ||
      item.typeName.toLowerCase().includes(needle),
  );
  return (
    <div className="ds-page">
      <div className="ds-title-row">
        <h1>Data sources</h1>
        <div className="spacer" />
        {can('datasources:create') && (
          <Link to="/connections/datasources/new" className="ds-button-primary">
            Add data source
          </Link>
        )}
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {!items && !error && <p className="muted">Loading…</p>}
      {items && items.length === 0 && <p className="muted">No data sources defined yet.</p>}
      {items && items.length > 0 && (
        <>
          <input
            type="search"
            className="ds-search"
            aria-label="Search data sources"
            placeholder="Search by name or type"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <ul className="ds-list" aria-label="Data sources">
            {shown.map((item) => (
              <li key={item.uid} className="ds-card" data-uid={item.uid}>
                <div className="ds-card-title">
                  <Link to={`/connections/datasources/edit/${encodeURIComponent(item.uid)}`}>
                    {item.name}
                  </Link>
                  {item.isDefault && <span className="ds-badge">default</span>}
                  {item.readOnly && <span className="ds-badge muted">provisioned</span>}
                </div>
                <div className="muted">
                  {item.typeName}
                  {item.url && <> · {item.url}</>}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
