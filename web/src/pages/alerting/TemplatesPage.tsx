import { useState } from 'react';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { deleteTemplate, templates } from '../../api/alerting.js';
import { ListToolbar } from './ListToolbar.js';
import { errorText } from '../../api/client.js';
import { RowActions } from './RowActions.js';
import { useLoad } from '../../app/useLoad.js';

const templateUrl = (name: string) => `/alerting/notifications/templates/${encodeURIComponent(name)}/edit`;

/** `/alerting/notifications/templates`: the organization's notification template groups. */
export default function TemplatesPage() {
  const access = useAlertingAccess();
  const { data, error, reload } = useLoad(templates);
  const [message, setMessage] = useState<string>();
  const [confirming, setConfirming] = useState<string>();

  const remove = async (name: string) => {
    setMessage(undefined);
    try {
      await deleteTemplate(name);
    } catch (caught) {
      setMessage(`Could not delete "${name}": ${errorText(caught)}`);
    }
    reload();
  };

  return (
    <div className="alerting-page">
      <h1>Notification templates</h1>
      <AlertingNav current="/alerting/notifications/templates" />
      <ListToolbar
        add={access.writeTemplates && { to: '/alerting/notifications/templates/new', label: 'Add template' }}
      >
        Named templates usable from contact point fields, e.g. <code>{'{{ template "my.title" . }}'}</code>.
      </ListToolbar>
      {message && (
        <div className="error-box" role="alert">
          {message}
        </div>
      )}
      {error && <div className="error-box">Could not load templates: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data?.length === 0 && <p>No notification templates yet.</p>}
      {data && data.length > 0 && (
        <table className="alerting-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Template</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((t) => {
              const editable = access.writeTemplates && !t.provenance;
              return (
                <tr key={t.name} data-template={t.name}>
                  <td>
                    <strong>{t.name}</strong>
                    {t.provenance && <span className="cp-badge">Provisioned</span>}
                  </td>
                  <td>
                    <code className="template-excerpt">{t.template.slice(0, 120)}</code>
                  </td>
                  <RowActions
                    name={t.name}
                    editUrl={templateUrl(t.name)}
                    canEdit={editable}
                    canDelete={access.deleteTemplates && !t.provenance}
                    confirming={confirming === t.name}
                    onConfirming={(on) => setConfirming(on ? t.name : undefined)}
                    onDelete={() => void remove(t.name)}
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
