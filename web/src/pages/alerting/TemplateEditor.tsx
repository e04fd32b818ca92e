import { useState } from 'react';
import { ApiError } from '../../api/client.js';
import { Link } from '../../app/Link.js';
import { navigate } from '../../app/router.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { saveTemplate, templates } from '../../api/alerting.js';
import { errorText } from '../../api/client.js';
import { TemplatePreview } from './TemplatePreview.js';
import type { NotificationTemplate } from './types.js';
import { useLoad } from '../../app/useLoad.js';

const EXAMPLE = `{{ define "my.title" }}
  [{{ .Status | toUpper }}] {{ .CommonLabels.alertname }}
{{ end }}`;

/** `/alerting/notifications/templates/new` and `…/<name>/edit`. */
export default function TemplateEditor({ name }: { name?: string }) {
  const access = useAlertingAccess();
  const { data, error } = useLoad(templates);
  let body;
  if (name === undefined && !access.writeTemplates) {
    body = <div className="error-box">You do not have permission to create notification templates.</div>;
  } else if (error) body = <div className="error-box">Could not load templates: {error}</div>;
  else if (!data) body = <p>Loading…</p>;
  else {
    const existing = name === undefined ? undefined : data.find((t) => t.name === name);
    body =
      name !== undefined && !existing ? (
        <div className="error-box">Template "{name}" not found.</div>
      ) : (
        <TemplateForm existing={existing} names={data.map((t) => t.name)} />
      );
  }
  return (
    <div className="alerting-page">
      <AlertingNav current="/alerting/notifications/templates" />
      {body}
    </div>
  );
}

function TemplateForm({ existing, names }: { existing?: NotificationTemplate; names: string[] }) {
  const access = useAlertingAccess();
  const readOnly = !access.writeTemplates || Boolean(existing?.provenance);
  const [name, setName] = useState(existing?.name ?? '');
  const [content, setContent] = useState(existing?.template ?? EXAMPLE);
  const [errors, setErrors] = useState<{ name?: string; content?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    const next: typeof errors = {};
    if (trimmed === '') next.name = 'Name is required';
    else if (!existing && names.includes(trimmed)) next.name = `A template named "${trimmed}" already exists`;
    if (content.trim() === '') next.content = 'Template content is required';
    setErrors(next);
    if (next.name || next.content) return;
    setSaving(true);
    try {
      await saveTemplate(trimmed, content, existing?.version);
      navigate('/alerting/notifications/templates');
    } catch (caught) {
      const message = errorText(caught);
      if (caught instanceof ApiError && caught.status === 400 && /invalid format|content/.test(message)) {
        setErrors({ content: message });
      } else if (caught instanceof ApiError && caught.status === 400 && /name/.test(message)) {
        setErrors({ name: message });
      } else if (caught instanceof ApiError && caught.status === 409) {
        setErrors({ form: `${message}. Someone else changed it: reload the page to get their version.` });
      } else {
        setErrors({ form: message });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="cp-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void save();
      }}
    >
      <h1>{existing ? (readOnly ? existing.name : `Edit ${existing.name}`) : 'New notification template'}</h1>
      <div className={`cp-field${errors.name ? ' has-error' : ''}`}>
        <label htmlFor="template-name">Name</label>
        <input
          id="template-name"
          value={name}
          disabled={readOnly || existing !== undefined}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'template-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name && (
          <div className="field-error" id="template-name-error" role="alert">
            {errors.name}
          </div>
        )}
      </div>
      <div className={`cp-field${errors.content ? ' has-error' : ''}`}>
        <label htmlFor="template-content">Template</label>
        <div className="muted cp-description">
          Go templates; <code>{'{{ define "name" }}…{{ end }}'}</code> blocks are usable from contact points.
          Content without a define is wrapped in one named after the template.
        </div>
        <textarea
          id="template-content"
          className="template-content"
          rows={16}
          spellCheck={false}
          value={content}
          disabled={readOnly}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? 'template-content-error' : undefined}
          onChange={(event) => {
            setContent(event.target.value);
            setErrors((current) => ({ ...current, content: undefined }));
          }}
        />
        {errors.content && (
          <div className="field-error" id="template-content-error" role="alert">
            {errors.content}
          </div>
        )}
      </div>
      <TemplatePreview name={name} content={content} />
      {errors.form && (
        <div className="error-box" role="alert">
          {errors.form}
        </div>
      )}
      <div className="cp-form-actions">
        {!readOnly && (
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save template'}
          </button>
        )}
        <Link to="/alerting/notifications/templates" className="button">
          {readOnly ? 'Back' : 'Cancel'}
        </Link>
      </div>
    </form>
  );
}
