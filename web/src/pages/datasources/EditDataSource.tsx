import { useEffect, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.js';
import { dataSourceByUid, deleteDataSource, updateDataSource } from '../../api/datasources.js';
import { Link } from '../../app/Link.js';
import { usePermissions } from '../../app/permissions.js';
import { navigate } from '../../app/router.js';
import { typeInfo } from './catalogue.js';
import { DeleteButton } from './DeleteButton.js';
import { formFromDataSource, updateBody, type FormState } from './form-state.js';
import { checkHealth } from './health.js';
import { SettingsSections } from './SettingsSections.js';
import { TestResult } from './TestResult.js';
import { CheckField, TextField } from './TextField.js';
import { dataSourceScope, type DataSource, type HealthResult } from './types.js';

/** One data source's settings: save & test, test, delete, each offered only when permitted. */
export default function EditDataSource({ uid }: { uid: string }) {
  const can = usePermissions();
  const [ds, setDs] = useState<DataSource>();
  const [form, setForm] = useState<FormState>();
  const [loadError, setLoadError] = useState<string>();
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<HealthResult>();
  const [busy, setBusy] = useState<'saving' | 'testing'>();

  useEffect(() => {
    dataSourceByUid(uid).then(
      (loaded) => {
        setDs(loaded);
        setForm(formFromDataSource(loaded));
      },
      (caught: unknown) => setLoadError(errorText(caught)),
    );
  }, [uid]);

  if (loadError) {
    return (
      <div className="ds-page">
        <Link to="/connections/datasources">← Data sources</Link>
        <div className="error-box" role="alert">
          {loadError}
        </div>
      </div>
    );
  }
  if (!ds || !form) return <div className="page-loading">Loading…</div>;

  const scope = dataSourceScope(ds.uid);
  const canWrite = can('datasources:write', scope) && !ds.readOnly;
  const canDelete = can('datasources:delete', scope) && !ds.readOnly;
  const canQuery = can('datasources:query', scope);
  const change = (patch: Partial<FormState>) => setForm((current) => current && { ...current, ...patch });

  const test = async () => {
    setBusy('testing');
    setResult(await checkHealth(ds.uid));
    setBusy(undefined);
  };

  const saveAndTest = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setResult(undefined);
    if (form.name.trim() === '') {
      setError('The name is required.');
      return;
    }
    setBusy('saving');
    try {
      const saved = await updateDataSource(uid, updateBody(ds, form));
      setDs(saved.datasource);
      setForm(formFromDataSource(saved.datasource));
    } catch (caught) {
      setError(errorText(caught));
      setBusy(undefined);
      return;
    }
    if (canQuery) await test();
    else setBusy(undefined);
  };

  const remove = async () => {
    try {
      await deleteDataSource(uid);
      navigate('/connections/datasources');
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <div className="ds-page">
      <p>
        <Link to="/connections/datasources">← Data sources</Link>
      </p>
      <div className="ds-title-row">
        <h1>{ds.name}</h1>
        <span className="muted">{typeInfo(ds.type).name}</span>
      </div>
      {ds.readOnly && (
        <p className="ds-notice" role="note">
          This data source was added by provisioning and cannot be changed here.
        </p>
      )}
      {!ds.readOnly && !canWrite && (
        <p className="ds-notice" role="note">
          You may view this data source but not change it.
        </p>
      )}
      <form className="ds-form" onSubmit={(event) => void saveAndTest(event)}>
        <section className="ds-section">
          <TextField
            label="Name"
            value={form.name}
            disabled={!canWrite}
            required
            onChange={(name) => change({ name })}
          />
          <CheckField
            label="Default"
            checked={form.isDefault}
            disabled={!canWrite}
            onChange={(isDefault) => change({ isDefault })}
          />
        </section>
        <SettingsSections ds={ds} form={form} disabled={!canWrite} change={change} />
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        {busy && (
          <p className="muted" role="status">
            {busy === 'saving' ? 'Saving…' : 'Testing…'}
          </p>
        )}
        {result && !busy && <TestResult result={result} />}
        <div className="ds-actions">
          {canWrite && (
            <button type="submit" className="ds-button-primary" disabled={busy !== undefined}>
              Save &amp; test
            </button>
          )}
          {!canWrite && canQuery && (
            <button type="button" disabled={busy !== undefined} onClick={() => void test()}>
              Test
            </button>
          )}
          {canDelete && <DeleteButton name={ds.name} onDelete={remove} />}
        </div>
      </form>
    </div>
  );
}
