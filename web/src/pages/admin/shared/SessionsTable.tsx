import { ConfirmButton } from './ConfirmButton.js';
import { formatDate } from './errors.js';
import type { AuthSession } from './types.js';

const describe = (s: AuthSession) =>
  `${s.browser}${s.browserVersion ? ` ${s.browserVersion}` : ''} on ${s.os}${s.osVersion ? ` ${s.osVersion}` : ''}`;

/** Sign-in sessions with their client; the caller's own one is marked and cannot be revoked here. */
export function SessionsTable({
  sessions,
  canRevoke,
  onRevoke,
}: {
  sessions: AuthSession[];
  canRevoke: boolean;
  onRevoke: (id: number) => Promise<unknown>;
}) {
  if (sessions.length === 0) return <p className="muted">No active sessions.</p>;
  return (
    <table className="admin-table" aria-label="Sessions">
      <thead>
        <tr>
          <th>Device</th>
          <th>IP address</th>
          <th>Signed in</th>
          <th>Last seen</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id} data-session-id={s.id}>
            <td>
              {describe(s)}
              {s.isActive && <span className="admin-badge">This session</span>}
            </td>
            <td>{s.clientIp}</td>
            <td>{formatDate(s.createdAt)}</td>
            <td>{formatDate(s.seenAt)}</td>
            <td>
              {canRevoke && !s.isActive && (
                <ConfirmButton
                  label="Revoke"
                  name={`Revoke session ${s.id}`}
                  question="Revoke this session?"
                  onConfirm={() => onRevoke(s.id)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
