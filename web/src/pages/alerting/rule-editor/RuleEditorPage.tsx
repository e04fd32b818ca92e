import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { contactPoints } from '../../../api/alerting.js';
import { ApiError, errorText } from '../../../api/client.js';
import { listDataSources, type DataSourceInfo } from '../../../api/datasources.js';
import {
  alertRule,
  createAlertRule,
  evaluateRule,
  folderGroups,
  putRuleGroup,
  ruleGroup,
  updateAlertRule,
  type EvalResponse,
  type ProvisionedRule,
  type RuleBody,
} from '../../../api/rule-editor.js';
import { usePermissions } from '../../../app/permissions.js';
import { navigate, replaceSearch } from '../../../app/router.js';
import { useLoad } from '../../../app/useLoad.js';
import { loadFolders } from '../../../editor/common/FolderPicker.js';
import { defaultTarget } from '../../../editor/model/defaults.js';
import {
  defaultData,
  durationSeconds,
  emptyForm,
  fieldOfMessage,
  formFromPrefill,
  formFromRule,
  ruleBody,
  validate,
  type FieldErrors,
  type RuleForm,
} from './model.js';
import { readPrefill } from './prefill.js';
import { ConditionPreview, RefIdPreview } from './Preview.js';
import { QueriesStep } from './QueriesStep.js';
import '../../../editor/editor.css';
import './rule-editor.css';
import { CloseIcon } from '../../../app/icons.js';

const NO_DATA_STATES = ['NoData', 'Alerting', 'OK', 'KeepLast'];
const ERROR_STATES = ['Error', 'Alerting', 'OK', 'KeepLast'];
const NEW_GROUP = '\u0000new';

interface Loaded {
  datasources: DataSourceInfo[];
  folders: { uid: string; title: string; depth: number }[];
  receivers: string[];
  rule?: ProvisionedRule;
  form: RuleForm;
}

/** A labelled field with its inline error; `name` is the key of its error. */
function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = `rule-${name}`;
  return (
    <div className={`re-field${error ? ' has-error' : ''}`} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {hint && <div className="muted re-hint">{hint}</div>}
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {error && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="re-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Everything the editor needs before it can show the form. */
async function loadEditor(uid: string | undefined, signal: AbortSignal): Promise<Loaded> {
  const [datasources, folders, receivers, rule] = await Promise.all([
    listDataSources(signal),
    loadFolders(),
    contactPoints().then(
      (list) => list.map((c) => c.name),
      () => [] as string[],
    ),
    uid ? alertRule(uid, signal) : Promise.resolve(undefined),
  ]);
  if (rule) {
    const groups = await folderGroups(rule.folderUID, signal).catch(() => []);
    const interval = groups.find((g) => g.name === rule.ruleGroup)?.interval ?? '1m';
    return { datasources, folders, receivers, rule, form: formFromRule(rule, interval) };
  }
  const prefill = new URLSearchParams(location.search).get('from') === 'panel' ? readPrefill() : undefined;
  if (prefill) return { datasources, folders, receivers, form: formFromPrefill(prefill) };
  const ds = datasources.find((d) => d.isDefault) ?? datasources[0];
  const data = defaultData(ds ? { uid: ds.uid, model: defaultTarget(ds, 'A') } : undefined);
  return {
    datasources,
    folders,
    receivers,
    form: { ...emptyForm(), data, condition: data[data.length - 1]!.refId },
  };
}

/** The provisioning body of a stored rule, to send it back unchanged in a group. */
function storedBody(rule: ProvisionedRule): RuleBody {
  return {
    uid: rule.uid,
    title: rule.title,
    folderUID: rule.folderUID,
    ruleGroup: rule.ruleGroup,
    condition: rule.condition,
    data: rule.data,
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    for: rule.for,
    keep_firing_for: rule.keep_firing_for,
    ...(rule.annotations ? { annotations: rule.annotations } : {}),
    ...(rule.labels ? { labels: rule.labels } : {}),
    isPaused: rule.isPaused,
    ...(rule.notification_settings ? { notification_settings: rule.notification_settings } : {}),
    // the stored record is the server's own shape, sent back as it came
    ...(rule.record ? { record: rule.record as RuleBody['record'] } : {}),
    ...(rule.missingSeriesEvalsToResolve !== undefined
      ? { missingSeriesEvalsToResolve: rule.missingSeriesEvalsToResolve }
      : {}),
  };
}

/** The alert rule editor (/alerting/new, /alerting/{uid}/edit). */
export default function RuleEditorPage({ uid }: { uid?: string }) {
  const can = usePermissions();
  const allowed = uid
    ? can('alert.rules:write') || can('alert.provisioning:write')
    : can('alert.rules:create') || can('alert.provisioning:write');
  const loaded = useLoad(allowed ? (signal) => loadEditor(uid, signal) : undefined, [uid]);

  if (!allowed) {
    return (
      <div className="page-error">
        <h2>Access denied</h2>
        <p>You do not have permission to {uid ? 'edit this alert rule' : 'create alert rules'}.</p>
      </div>
    );
  }
  if (loaded.error) {
    return (
      <div className="page-error">
        <h2>{uid ? 'Alert rule not found' : 'The editor could not load'}</h2>
        <p>{loaded.error}</p>
      </div>
    );
  }
  if (!loaded.data) return <div className="muted">Loading…</div>;
  return <RuleEditor key={uid ?? 'new'} uid={uid} loaded={loaded.data} />;
}

function RuleEditor({ uid, loaded }: { uid?: string; loaded: Loaded }) {
  const [form, setForm] = useState<RuleForm>(loaded.form);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(new URLSearchParams(location.search).get('saved') === '1');
  // "saved" is said once: a reload of the page does not say it again
  useEffect(() => {
    if (saved) replaceSearch(new URLSearchParams());
  }, []);
  const provenance = loaded.rule?.provenance ?? '';
  const readOnly = provenance === 'file';

  const groups = useLoad(form.folderUid ? (signal) => folderGroups(form.folderUid, signal) : undefined, [
    form.folderUid,
  ]);
  const groupList = form.folderUid ? (groups.data ?? []) : [];
  const knownGroup = groupList.find((g) => g.name === form.group);

  const update = (patch: Partial<RuleForm>, ...clear: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(false);
    if (clear.length)
      setErrors((current) => {
        const next = { ...current };
        for (const key of [...clear, 'form']) delete next[key];
        return next;
      });
  };

  // The live preview: the queries and expressions run again a moment after the last change.
  const [previewVersion, setPreviewVersion] = useState(0);
  const previewKey = JSON.stringify([form.data, form.condition, previewVersion]);
  const [preview, setPreview] = useState<{ response?: EvalResponse; error?: string; loading: boolean }>({
    loading: false,
  });
  useEffect(() => {
    if (!form.data.length) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setPreview((p) => ({ ...p, loading: true }));
      evaluateRule({ data: form.data, condition: form.condition || undefined }, controller.signal).then(
        (response) => setPreview({ response, loading: false }),
        (error: unknown) => {
          if (!controller.signal.aborted) setPreview({ error: errorText(error), loading: false });
        },
      );
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [previewKey]);
  const refIds = useMemo(() => form.data.map((q) => q.refId), [form.data]);
  const previewErrorField = preview.error
    ? fieldOfMessage(preview.error.replace(/^invalid query or expression: /, ''), refIds)
    : undefined;

  const save = async (exit: boolean) => {
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const body = ruleBody(form, uid);
      const interval = durationSeconds(form.interval)!;
      const current = form.newGroup ? undefined : knownGroup;
      let savedUid: string | undefined;
      if (current && durationSeconds(current.interval) === interval) {
        savedUid = uid
          ? (await updateAlertRule(uid, body, provenance === '')).uid
          : (await createAlertRule(body)).uid;
      } else {
        // A new group or a new interval: the whole group is written in one request, so the rule
        // and its group's interval change together or not at all.
        // asked afresh: a group written meanwhile is replaced with its rules, not without them
        const exists = (await folderGroups(form.folderUid)).some((g) => g.name === body.ruleGroup);
        const group = exists ? await ruleGroup(form.folderUid, body.ruleGroup) : undefined;
        const stored = group?.rules ?? [];
        const rules = stored.map((rule) => (rule.uid === uid ? body : storedBody(rule)));
        if (!stored.some((rule) => rule.uid === uid)) rules.push(body);
        const keepsProvenance = stored.some((rule) => rule.provenance !== '') || provenance !== '';
        const answer = await putRuleGroup(
          form.folderUid,
          body.ruleGroup,
          { title: body.ruleGroup, interval, rules },
          !keepsProvenance,
        );
        savedUid = uid ?? answer.rules.find((rule) => rule.title === body.title)?.uid;
      }
      if (exit) {
        navigate('/alerting/list');
        return;
      }
      setSaved(true);
      groups.reload();
      if (!uid && savedUid)
        navigate(`/alerting/${encodeURIComponent(savedUid)}/edit?saved=1`, { replace: true });
    } catch (error) {
      const message = errorText(error);
      const field =
        error instanceof ApiError && error.status === 400 ? fieldOfMessage(message, refIds) : 'form';
      setErrors({ [field]: message });
    } finally {
      setSaving(false);
    }
  };

  const folderKnown = form.folderUid === '' || loaded.folders.some((f) => f.uid === form.folderUid);
  const labelsError = errors.labels;

  return (
    <div className="rule-editor">
      <div className="re-header">
        <h2>{uid ? 'Edit alert rule' : 'New alert rule'}</h2>
      </div>
      {readOnly && (
        <div className="error-box">
          This rule was provisioned from a file and cannot be changed in the UI.
        </div>
      )}
      <form
        aria-label="Alert rule"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        <Section title="Enter alert rule name">
          <Field name="title" label="Name" error={errors.title}>
            {(props) => (
              <input
                {...props}
                value={form.title}
                onChange={(e) => update({ title: e.target.value }, 'title')}
              />
            )}
          </Field>
        </Section>

        <Section title="Define query and alert condition">
          <QueriesStep
            data={form.data}
            condition={form.condition}
            datasources={loaded.datasources}
            errors={errors}
            onChange={(data) =>
              update({ data }, 'data', 'condition', ...form.data.map((q) => `query.${q.refId}`))
            }
            onCondition={(condition) => update({ condition }, 'condition')}
            onRun={() => setPreviewVersion((v) => v + 1)}
            preview={(refId) =>
              previewErrorField === `query.${refId}` ? (
                <div className="re-preview error-box" role="status" aria-label={`Preview of ${refId}`}>
                  {preview.error}
                </div>
              ) : (
                <RefIdPreview refId={refId} response={preview.response} />
              )
            }
          />
          <div className="re-preview-bar">
            <button type="button" onClick={() => setPreviewVersion((v) => v + 1)}>
              Preview
            </button>
            {preview.loading && <span className="muted">Evaluating…</span>}
          </div>
          {preview.error && previewErrorField === 'form' && (
            <div className="error-box" role="status" aria-label="Preview error">
              {preview.error}
            </div>
          )}
          {preview.response && !preview.error && <ConditionPreview response={preview.response} />}
        </Section>

        <Section title="Set evaluation behavior">
          <div className="re-row">
            <Field name="folder" label="Folder" error={errors.folder}>
              {(props) => (
                <select
                  {...props}
                  value={form.folderUid}
                  onChange={(e) =>
                    update({ folderUid: e.target.value, group: '', newGroup: false }, 'folder', 'group')
                  }
                >
                  <option value="">Choose a folder</option>
                  {!folderKnown && <option value={form.folderUid}>{form.folderUid}</option>}
                  {loaded.folders.map((folder) => (
                    <option key={folder.uid} value={folder.uid}>
                      {'\u00a0\u00a0'.repeat(folder.depth)}
                      {folder.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="group" label="Evaluation group" error={errors.group}>
              {(props) => (
                <select
                  {...props}
                  value={form.newGroup ? NEW_GROUP : form.group}
                  disabled={!form.folderUid}
                  onChange={(e) => {
                    const value = e.target.value;
                    if (value === NEW_GROUP) update({ newGroup: true, group: '', interval: '1m' }, 'group');
                    else {
                      const picked = groupList.find((g) => g.name === value);
                      update(
                        { newGroup: false, group: value, interval: picked?.interval ?? form.interval },
                        'group',
                        'interval',
                      );
                    }
                  }}
                >
                  <option value="">{form.folderUid ? 'Choose a group' : 'Choose a folder first'}</option>
                  {groupList.map((g) => (
                    <option key={g.name} value={g.name}>
                      {g.name} ({g.interval})
                    </option>
                  ))}
                  {!form.newGroup && form.group !== '' && !knownGroup && (
                    <option value={form.group}>{form.group}</option>
                  )}
                  <option value={NEW_GROUP}>New evaluation group…</option>
                </select>
              )}
            </Field>
            {form.newGroup && (
              <Field name="groupName" label="New group name">
                {(props) => (
                  <input
                    {...props}
                    value={form.group}
                    onChange={(e) => update({ group: e.target.value }, 'group')}
                  />
                )}
              </Field>
            )}
            <Field
              name="interval"
              label="Evaluation interval"
              error={errors.interval}
              hint={knownGroup && !form.newGroup ? 'Applies to every rule of the group' : undefined}
            >
              {(props) => (
                <input
                  {...props}
                  value={form.interval}
                  onChange={(e) => update({ interval: e.target.value }, 'interval')}
                />
              )}
            </Field>
          </div>
          <div className="re-row">
            <Field name="pending" label="Pending period" error={errors.pending}>
              {(props) => (
                <input
                  {...props}
                  value={form.pending}
                  onChange={(e) => update({ pending: e.target.value }, 'pending')}
                />
              )}
            </Field>
            <Field name="keepFiringFor" label="Keep firing for" error={errors.keepFiringFor}>
              {(props) => (
                <input
                  {...props}
                  value={form.keepFiringFor}
                  onChange={(e) => update({ keepFiringFor: e.target.value }, 'keepFiringFor')}
                />
              )}
            </Field>
            <Field name="noDataState" label="Alert state if no data" error={errors.noDataState}>
              {(props) => (
                <select
                  {...props}
                  value={form.noDataState}
                  onChange={(e) => update({ noDataState: e.target.value }, 'noDataState')}
                >
                  {NO_DATA_STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              name="execErrState"
              label="Alert state if execution error or timeout"
              error={errors.execErrState}
            >
              {(props) => (
                <select
                  {...props}
                  value={form.execErrState}
                  onChange={(e) => update({ execErrState: e.target.value }, 'execErrState')}
                >
                  {ERROR_STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.isPaused}
              onChange={(e) => update({ isPaused: e.target.checked })}
            />
            Pause evaluation
          </label>
        </Section>

        <Section title="Configure labels and notifications">
          <div
            className={`re-field${labelsError ? ' has-error' : ''}`}
            data-field="labels"
            role="group"
            aria-label="Labels"
          >
            <span className="re-label">Labels</span>
            {form.labels.map((label, index) => {
              const setLabel = (patch: Partial<typeof label>) =>
                update(
                  { labels: form.labels.map((l, i) => (i === index ? { ...l, ...patch } : l)) },
                  'labels',
                );
              return (
                <div key={index} className="re-kv">
                  <input
                    aria-label={`Label ${index + 1} key`}
                    placeholder="key"
                    value={label.key}
                    onChange={(e) => setLabel({ key: e.target.value })}
                  />
                  <span>=</span>
                  <input
                    aria-label={`Label ${index + 1} value`}
                    placeholder="value"
                    value={label.value}
                    onChange={(e) => setLabel({ value: e.target.value })}
                  />
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove label ${index + 1}`}
                    onClick={() => update({ labels: form.labels.filter((_, i) => i !== index) }, 'labels')}
                  >
                    <CloseIcon />
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              onClick={() => update({ labels: [...form.labels, { key: '', value: '' }] })}
            >
              + Add label
            </button>
            {labelsError && (
              <div className="field-error" role="alert">
                {labelsError}
              </div>
            )}
          </div>
          <div className="re-field" role="radiogroup" aria-label="Notifications">
            <label className="checkbox">
              <input
                type="radio"
                name="routing"
                checked={form.routing === 'policy'}
                onChange={() => update({ routing: 'policy' }, 'receiver')}
              />
              Use notification policy
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name="routing"
                checked={form.routing === 'contact'}
                onChange={() => update({ routing: 'contact' }, 'receiver')}
              />
              Select contact point
            </label>
          </div>
          {form.routing === 'contact' && (
            <Field name="receiver" label="Contact point" error={errors.receiver}>
              {(props) => (
                <select
                  {...props}
                  value={form.receiver}
                  onChange={(e) => update({ receiver: e.target.value }, 'receiver')}
                >
                  <option value="">Choose a contact point</option>
                  {form.receiver !== '' && !loaded.receivers.includes(form.receiver) && (
                    <option value={form.receiver}>{form.receiver}</option>
                  )}
                  {loaded.receivers.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </Section>

        <Section title="Configure notification message">
          <Field name="summary" label="Summary">
            {(props) => (
              <input {...props} value={form.summary} onChange={(e) => update({ summary: e.target.value })} />
            )}
          </Field>
          <Field name="description" label="Description">
            {(props) => (
              <textarea
                {...props}
                rows={3}
                value={form.description}
                onChange={(e) => update({ description: e.target.value })}
              />
            )}
          </Field>
          <Field name="runbookUrl" label="Runbook URL">
            {(props) => (
              <input
                {...props}
                value={form.runbookUrl}
                onChange={(e) => update({ runbookUrl: e.target.value })}
              />
            )}
          </Field>
          <div className="re-row" data-field="dashboard">
            <Field name="dashboardUid" label="Dashboard UID">
              {(props) => (
                <input
                  {...props}
                  value={form.dashboardUid}
                  onChange={(e) => update({ dashboardUid: e.target.value }, 'dashboard')}
                />
              )}
            </Field>
            <Field name="panelId" label="Panel ID">
              {(props) => (
                <input
                  {...props}
                  value={form.panelId}
                  onChange={(e) => update({ panelId: e.target.value }, 'dashboard')}
                />
              )}
            </Field>
          </div>
          {errors.dashboard && (
            <div className="field-error" role="alert" data-field="dashboard-error">
              {errors.dashboard}
            </div>
          )}
        </Section>

        {errors.form && (
          <div className="error-box" role="alert" data-field="form">
            {errors.form}
          </div>
        )}
        {Object.keys(errors).length > 0 && !errors.form && (
          <div className="field-error" role="status">
            The rule was not saved: fix the fields marked above.
          </div>
        )}
        {saved && (
          <div className="re-saved" role="status">
            Alert rule saved
          </div>
        )}
        <div className="re-footer">
          <button type="submit" className="primary" disabled={saving || readOnly}>
            {saving ? 'Saving…' : 'Save rule'}
          </button>
          <button type="button" disabled={saving || readOnly} onClick={() => void save(true)}>
            Save rule and exit
          </button>
          <button type="button" onClick={() => history.back()}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
