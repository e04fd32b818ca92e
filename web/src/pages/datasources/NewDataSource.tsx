import { useEffect, useState } from 'react';
import { createDataSource, listDataSources } from '../../api/datasources.js';
import { Link } from '../../app/Link.js';
import { usePermissions } from '../../app/permissions.js';
import { navigate } from '../../app/router.js';
import { DATA_SOURCE_TYPES, type DataSourceType } from './catalogue.js';

/** The type's name, numbered when a data source already has it ("Prometheus-1", ...). */
function freeName(base: string, taken: Set<string>): string {
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 1; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}

/** The type picker: picking one creates the data source and opens its settings, as Grafana does. */
export default function NewDataSource() {
  const can = usePermissions();
  const [taken, setTaken] = useState<Set<string>>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listDataSources().then(
      (items) => setTaken(new Set(items.map((item) => item.name.toLowerCase()))),
      () => setTaken(new Set()),
    );
  }, []);

  const add = async (type: DataSourceType) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await createDataSource({
        name: freeName(type.name, taken ?? new Set()),
        type: type.type,
        access: 'proxy',
        // SPEC: a url is required on create; the edit page fills it in.
        url: '',
        // Grafana compat: the org's first data source becomes its default.
        isDefault: taken?.size === 0,
      });
      navigate(`/connections/datasources/edit/${encodeURIComponent(created.uid)}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <div className="ds-page">
      <p>
        <Link to="/connections/datasources">← Data sources</Link>
      </p>
      <h1>Add data source</h1>
      {!can('datasources:create') ? (
        <p className="error-box" role="alert">
          You are not allowed to add data sources.
        </p>
      ) : (
        <>
          <p className="muted">Choose a data source type.</p>
          {error && (
            <div className="error-box" role="alert">
              {error}
            </div>
          )}
          <ul className="ds-types">
            {DATA_SOURCE_TYPES.map((type) => (
              // The card is clickable through the button, whose name is the type's (visible) name
              // alone; the description describes it.
              <li key={type.type} className="ds-type-card">
                <button
                  type="button"
                  className="ds-type"
                  aria-describedby={`ds-type-${type.type}`}
                  disabled={busy || !taken}
                  onClick={() => void add(type)}
                >
                  {type.name}
                </button>
                <span className="muted" id={`ds-type-${type.type}`}>
                  {type.description}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
