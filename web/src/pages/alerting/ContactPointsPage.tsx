import { useState } from 'react';
import { useSession } from '../../app/session.js';
import { receiverUid, useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { contactPoints, deleteReceiver, notifierCatalogue } from '../../api/alerting.js';
import { DeliveryStatus } from './DeliveryStatus.js';
import { ListToolbar } from './ListToolbar.js';
import { errorText } from '../../api/client.js';
import { RowActions } from './RowActions.js';
import type { ContactPoint, NotifierType } from './types.js';
import { useLoad } from '../../app/useLoad.js';

const usage = (n: number) => (n === 0 ? 'Unused' : `Used by ${n} ${n === 1 ? 'policy' : 'policies'}`);

const editUrl = (name: string) => `/alerting/notifications/receivers/${encodeURIComponent(name)}/edit`;

/** `/alerting/notifications`: contact points, their integrations and last delivery of each. */
export default function ContactPointsPage() {
  const access = useAlertingAccess();
  const orgId = useSession().user.orgId;
  const { data, error, reload } = useLoad(() => Promise.all([contactPoints(), notifierCatalogue()]));
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string }>();

  const remove = async (point: ContactPoint) => {
    setMessage(undefined);
    try {
      // All its integrations at once; the server refuses while a policy uses it.
      await deleteReceiver(orgId, receiverUid(point.name));
      setMessage({ kind: 'info', text: `Contact point "${point.name}" deleted.` });
    } catch (caught) {
      setMessage({ kind: 'error', text: `Could not delete "${point.name}": ${errorText(caught)}` });
    }
    reload();
  };

  return (
    <div className="alerting-page">
      <h1>Contact points</h1>
      <AlertingNav current="/alerting/notifications" />
      <ListToolbar
        add={
          access.createReceiver && { to: '/alerting/notifications/receivers/new', label: 'Add contact point' }
        }
      >
        Where notifications go: each contact point has one or more integrations.
      </ListToolbar>
      {message && (
        <div className={message.kind === 'error' ? 'error-box' : 'info-box'} role="alert">
          {message.text}
        </div>
      )}
      {error && <div className="error-box">Could not load contact points: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data && (
        <ContactPointsTable points={data[0]} catalogue={data[1]} onDelete={(point) => void remove(point)} />
      )}
    </div>
  );
}

function ContactPointsTable({
  points,
  catalogue,
  onDelete,
}: {
  points: ContactPoint[];
  catalogue: NotifierType[];
  onDelete: (point: ContactPoint) => void;
}) {
  const access = useAlertingAccess();
  const [confirming, setConfirming] = useState<string>();
  const typeName = (type: string) =>
    catalogue.find((t) => t.type.toLowerCase() === type.toLowerCase())?.name ?? type;
  if (points.length === 0) return <p>No contact points yet.</p>;
  return (
    <table className="alerting-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Integrations and last delivery</th>
          <th>Policies</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => {
          const provisioned = point.integrations.some((i) => i.provenance);
          const canEdit = access.writeReceiver(point.name) && !provisioned;
          const canDelete = access.deleteReceiver(point.name) && !provisioned;
          return (
            <tr key={point.name} data-contact-point={point.name}>
              <td>
                <strong>{point.name}</strong>
                {provisioned && <span className="cp-badge">Provisioned</span>}
              </td>
              <td>
                <ul className="cp-integrations">
                  {point.integrations.map((integration, index) => (
                    <li key={integration.uid}>
                      <span className="cp-type">{typeName(integration.type)}</span>{' '}
                      <DeliveryStatus status={point.receiverStatus.notifiers[index]} />
                    </li>
                  ))}
                </ul>
              </td>
              <td>{usage(point.numberOfPolicies)}</td>
              <RowActions
                name={point.name}
                editUrl={editUrl(point.name)}
                canEdit={canEdit}
                canDelete={canDelete}
                confirming={confirming === point.name}
                onConfirming={(on) => setConfirming(on ? point.name : undefined)}
                onDelete={() => onDelete(point)}
              />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
