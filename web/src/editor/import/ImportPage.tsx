import { useEffect, useState } from 'react';
import type { DataSourceInfo } from '../../api/datasources.js';
import { usePermissions } from '../../app/permissions.js';
import { navigate } from '../../app/router.js';
import { useSession } from '../../app/session.js';
import { loadDataSources } from '../../dashboard/datasources.js';
import type { DashboardModel } from '../../lib/model.js';
import { FolderPicker } from '../common/FolderPicker.js';
import { inputsOf, parseDashboard } from '../model/import.js';
import { importDashboardFile, type SaveProblem } from '../save/save.js';
import '../editor.css';

/** A type's aliases: an input for "postgres" accepts a "grafana-postgresql-datasource" and back. */
const ALIASES: Record<string, string[]> = {
  postgres: ['grafana-postgresql-datasource'],
  'grafana-postgresql-datasource': ['postgres'],
  testdata: ['grafana-testdata-datasource'],
  'grafana-testdata-datasource': ['testdata'],
};
const fits = (ds: DataSourceInfo, pluginId: string | undefined) =>
  !pluginId || ds.type === pluginId || (ALIASES[pluginId] ?? []).includes(ds.type);

/** /dashboard/import: paste or upload a dashboard JSON, pick folder and data sources, save it. */
export default function ImportPage() {
  const can = usePermissions();
  const { user } = useSession();
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState<DashboardModel>();
  const [parseError, setParseError] = useState<string>();
  const [datasources, setDatasources] = useState<DataSourceInfo[]>([]);
  const [title, setTitle] = useState('');
  const [uid, setUid] = useState('');
  const [folderUid, setFolderUid] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadDataSources(user.orgId).then(setDatasources, () => setDatasources([]));
  }, [user.orgId]);

  if (!can('dashboards:create'))
    return (
      <div className="page-error">
        <h2>Access denied</h2>
        <p>You do not have permission to create dashboards.</p>
      </div>
    );

  const load = (source: string) => {
    const { model, error } = parseDashboard(source);
    setParseError(error);
    setProblem(undefined);
    if (!model) return;
    setLoaded(model);
    setTitle(model.title ?? '');
    setUid(model.uid ?? '');
    const initial: Record<string, string> = {};
    for (const input of inputsOf(model)) {
      if (input.type === 'constant') initial[input.name] = input.value ?? '';
      else {
        const candidates = datasources.filter((ds) => fits(ds, input.pluginId));
        const chosen = candidates.find((ds) => ds.isDefault) ?? candidates[0];
        if (chosen) initial[input.name] = chosen.uid;
      }
    }
    setValues(initial);
  };

  const inputs = loaded ? inputsOf(loaded) : [];
  const missing = inputs.filter((input) => input.type === 'datasource' && !values[input.name]);

  const submit = async (overwrite: boolean) => {
    if (!loaded) return;
    setBusy(true);
    const dashboard = { ...loaded, id: null, title: title.trim(), uid: uid.trim() || undefined };
    delete dashboard.version;
    const result = await importDashboardFile({
      dashboard,
      inputs: inputs.map((input) => ({
        name: input.name,
        type: input.type,
        pluginId: input.pluginId,
        value: values[input.name] ?? '',
      })),
      folderUid,
      overwrite,
    });
    setBusy(false);
    if ('problem' in result) setProblem(result.problem);
    else navigate(result.imported.importedUrl);
  };

  return (
    <div className="import-page">
      <h1>Import dashboard</h1>
      {!loaded ? (
        <div className="form">
          <label className="field">
            <span>Upload dashboard JSON file</span>
            <input
              type="file"
              accept=".json,application/json"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file)
                  void file.text().then((content) => {
                    setText(content);
                    load(content);
                  });
              }}
            />
          </label>
          <label className="field">
            <span>Import via dashboard JSON model</span>
            <textarea
              className="json-view"
              rows={16}
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          {parseError && (
            <div className="error-box" role="alert">
              {parseError}
            </div>
          )}
          <div className="form-actions">
            <button className="primary" disabled={!text.trim()} onClick={() => load(text)}>
              Load
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          aria-label="Import options"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(false);
          }}
        >
          <h2>Options</h2>
          <label className="field">
            <span>Name</span>
            <input value={title} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <FolderPicker value={folderUid} onChange={setFolderUid} />
          <label className="field">
            <span>UID</span>
            <input
              value={uid}
              placeholder="generated when empty"
              onChange={(event) => setUid(event.target.value)}
            />
          </label>
          {inputs.map((input) =>
            input.type === 'datasource' ? (
              <label key={input.name} className="field">
                <span>{input.label || input.name}</span>
                <select
                  aria-label={input.label || input.name}
                  value={values[input.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [input.name]: event.target.value })}
                >
                  <option value="">Select a {input.pluginName ?? input.pluginId} data source</option>
                  {datasources
                    .filter((ds) => fits(ds, input.pluginId))
                    .map((ds) => (
                      <option key={ds.uid} value={ds.uid}>
                        {ds.name}
                      </option>
                    ))}
                </select>
                {input.description && <small className="muted">{input.description}</small>}
              </label>
            ) : (
              <label key={input.name} className="field">
                <span>{input.label || input.name}</span>
                <input
                  value={values[input.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [input.name]: event.target.value })}
                />
              </label>
            ),
          )}
          {problem && (
            <div className="conflict" role="alert">
              <strong>{problem.message}</strong>
              {problem.kind !== 'error' && (
                <>
                  <p>
                    {problem.kind === 'name-exists'
                      ? 'Change the name, or import anyway and overwrite.'
                      : 'A dashboard with this UID exists: change the UID, or import and overwrite it.'}
                  </p>
                  <button type="button" className="danger" disabled={busy} onClick={() => void submit(true)}>
                    Import (Overwrite)
                  </button>
                </>
              )}
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={busy || !title.trim() || missing.length > 0}>
              Import
            </button>
            <button
              type="button"
              onClick={() => {
                setLoaded(undefined);
                setProblem(undefined);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
