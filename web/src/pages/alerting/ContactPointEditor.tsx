import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../app/Link.js';
import { navigate } from '../../app/router.js';
import { useSession } from '../../app/session.js';
import { receiverUid, useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { contactPoints, notifierCatalogue, receiver } from '../../api/alerting.js';
import { draftOf, newDraft, type IntegrationDraft } from './draft.js';
import { IntegrationForm } from './IntegrationForm.js';
import { checkDrafts, saveContactPoint, testDrafts } from './saveContactPoint.js';
import { creatableTypes } from './settings.js';
import type { ContactPoint, NotifierType, Receiver } from './types.js';
import { useLoad } from '../../app/useLoad.js';

const DEFAULT_TYPE = 'email';

/**
 * `/alerting/notifications/receivers/new` and `…/<name or receiver uid>/edit`: a contact point's
 * name and integrations, each generated from the notifier catalogue.
 */
export default function ContactPointEditor({ id }: { id?: string }) {
  const access = useAlertingAccess();
  const orgId = useSession().user.orgId;
  const { data, error } = useLoad(async () => {
    const [catalogue, points] = await Promise.all([notifierCatalogue(), contactPoints()]);
    const found =
      id === undefined ? undefined : points.find((p) => p.name === id || receiverUid(p.name) === id);
    // The whole contact point with its version, so a save cannot overwrite someone else's change.
    const stored = found ? await receiver(orgId, receiverUid(found.name)) : undefined;
    return [catalogue, points, found, stored] as const;
  });
  if (id === undefined && !access.createReceiver) {
    return (
      <EditorFrame>
        <div className="error-box">You do not have permission to create contact points.</div>
      </EditorFrame>
    );
  }
  if (error) return <EditorFrame>{<div className="error-box">Could not load: {error}</div>}</EditorFrame>;
  if (!data) return <EditorFrame>Loading…</EditorFrame>;
  const [catalogue, points, existing, stored] = data;
  if (id !== undefined && (!existing || !stored)) {
    return (
      <EditorFrame>
        <div className="error-box">Contact point "{id}" not found.</div>
      </EditorFrame>
    );
  }
  return (
    <EditorFrame>
      <ContactPointForm
        key={id ?? ''}
        orgId={orgId}
        catalogue={catalogue}
        points={points}
        existing={existing}
        stored={stored}
      />
    </EditorFrame>
  );
}

function EditorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="alerting-page">
      <AlertingNav current="/alerting/notifications" />
      {children}
    </div>
  );
}

/** The form's integrations from the stored contact point (its provenance is the receiver's). */
function draftsOf(stored: Receiver): IntegrationDraft[] {
  const provenance = stored.metadata.annotations?.['grafana.com/provenance'];
  return stored.spec.integrations.map((integration) =>
    draftOf({
      ...integration,
      uid: integration.uid ?? '',
      disableResolveMessage: integration.disableResolveMessage ?? false,
      secureFields: integration.secureFields ?? {},
      name: stored.spec.title,
      ...(provenance && provenance !== 'none' ? { provenance } : {}),
    }),
  );
}

function ContactPointForm({
  orgId,
  catalogue,
  points,
  existing,
  stored,
}: {
  orgId: number;
  catalogue: NotifierType[];
  points: ContactPoint[];
  existing: ContactPoint | undefined;
  stored: Receiver | undefined;
}) {
  const access = useAlertingAccess();
  const types = creatableTypes(catalogue);
  const storedName = stored?.spec.title;
  const [name, setName] = useState(storedName ?? '');
  const [drafts, setDrafts] = useState<IntegrationDraft[]>(() =>
    stored ? draftsOf(stored) : [newDraft(DEFAULT_TYPE)],
  );
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState<'saving' | 'testing'>();

  const provisioned = drafts.some((d) => d.provenance);
  const allowed = storedName === undefined ? access.createReceiver : access.writeReceiver(storedName);
  const readOnly = !allowed || provisioned;
  const usedBy = existing?.numberOfPolicies ?? 0;

  useEffect(() => {
    document.title = `${storedName ? `Edit ${storedName}` : 'New contact point'} - svc`;
  }, [storedName]);

  const checkName = (): string | undefined => {
    const trimmed = name.trim();
    if (trimmed === '') return 'Name is required';
    if (
      trimmed.toLowerCase() !== storedName?.toLowerCase() &&
      points.some((p) => p.name.toLowerCase() === trimmed.toLowerCase())
    ) {
      return `A contact point named "${trimmed}" already exists`;
    }
    if (storedName !== undefined && trimmed !== storedName && usedBy > 0) {
      return `"${storedName}" is used by ${usedBy} notification policies: point them at another contact point before renaming it`;
    }
    return undefined;
  };

  const save = async () => {
    setFormError(undefined);
    const badName = checkName();
    const checked = checkDrafts(drafts, catalogue);
    setNameError(badName);
    setDrafts(checked.drafts);
    if (badName || !checked.ok) {
      setFormError('Fix the highlighted fields.');
      return;
    }
    setBusy('saving');
    const target = stored?.metadata.name
      ? { uid: stored.metadata.name, resourceVersion: stored.metadata.resourceVersion }
      : undefined;
    const outcome = await saveContactPoint(orgId, name.trim(), checked.drafts, target, catalogue);
    setBusy(undefined);
    if (outcome.ok) {
      navigate('/alerting/notifications');
      return;
    }
    setDrafts(outcome.drafts);
    setNameError(outcome.nameError);
    setFormError(outcome.error ?? (outcome.nameError ? 'Fix the name.' : undefined));
  };

  const test = async () => {
    setFormError(undefined);
    const checked = checkDrafts(drafts, catalogue);
    setDrafts(checked.drafts);
    if (!checked.ok) {
      setFormError('Fix the highlighted fields before testing.');
      return;
    }
    setBusy('testing');
    const result = await testDrafts(name.trim() || 'test', checked.drafts);
    setBusy(undefined);
    setDrafts(result.drafts);
    if (result.error) setFormError(result.error);
  };

  const update = (key: string, next: IntegrationDraft) =>
    setDrafts((current) => current.map((d) => (d.key === key ? next : d)));

  return (
    <form
      className="cp-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void save();
      }}
    >
      <h1>{storedName === undefined ? 'New contact point' : readOnly ? storedName : `Edit ${storedName}`}</h1>
      {provisioned && (
        <div className="info-box">
          This contact point is provisioned ({drafts.find((d) => d.provenance)?.provenance}) and cannot be
          edited here.
        </div>
      )}
      <div className={`cp-field${nameError ? ' has-error' : ''}`}>
        <div className="cp-label">
          <label htmlFor="contact-point-name">Name</label>
          <span className="cp-required" aria-hidden="true">
            *
          </span>
        </div>
        <input
          id="contact-point-name"
          value={name}
          disabled={readOnly}
          aria-required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'contact-point-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        {nameError && (
          <div className="field-error" id="contact-point-name-error" role="alert">
            {nameError}
          </div>
        )}
      </div>
      {drafts.map((draft, index) => (
        <IntegrationForm
          key={draft.key}
          draft={draft}
          index={index}
          types={types}
          catalogue={catalogue}
          readOnly={readOnly}
          removable={drafts.length > 1}
          onChange={(next) => update(draft.key, next)}
          onRemove={() => setDrafts((current) => current.filter((d) => d.key !== draft.key))}
        />
      ))}
      {!readOnly && (
        <button type="button" onClick={() => setDrafts((current) => [...current, newDraft(DEFAULT_TYPE)])}>
          Add integration
        </button>
      )}
      {formError && (
        <div className="error-box" role="alert">
          {formError}
        </div>
      )}
      <div className="cp-form-actions">
        {!readOnly && (
          <button type="submit" className="primary" disabled={busy !== undefined}>
            {busy === 'saving' ? 'Saving…' : 'Save contact point'}
          </button>
        )}
        {access.testReceivers && !provisioned && (
          <button type="button" disabled={busy !== undefined} onClick={() => void test()}>
            {busy === 'testing' ? 'Testing…' : 'Test'}
          </button>
        )}
        <Link to="/alerting/notifications" className="button">
          {readOnly ? 'Back' : 'Cancel'}
        </Link>
      </div>
    </form>
  );
}
