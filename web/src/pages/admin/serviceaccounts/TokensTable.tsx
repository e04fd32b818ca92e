import { ConfirmButton } from '../shared/ConfirmButton.js';
import { formatDate } from '../shared/errors.js';
import type { ServiceAccountToken } from '../shared/types.js';

/** A service account's tokens (never their keys). */
export function TokensTable({
  tokens,
  canDelete,
  onDelete,
}: {
  tokens: ServiceAccountToken[];
  canDelete: boolean;
  onDelete: (token: ServiceAccountToken) => Promise<unknown>;
}) {
  if (tokens.length === 0) return <p className="muted">No tokens yet.</p>;
  return (
    <table className="admin-table" aria-label="Tokens">
      <thead>
        <tr>
          <th>Name</th>
          <th>Expires</th>
          <th>Created</th>
          <th>Last used</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td>
              {token.hasExpired ? (
                <span className="admin-badge off">Expired</span>
              ) : token.expiration ? (
                formatDate(token.expiration)
              ) : (
                'Never'
              )}
            </td>
            <td>{formatDate(token.created)}</td>
            <td>{formatDate(token.lastUsedAt)}</td>
            <td>
              {canDelete && (
                <ConfirmButton
                  label="Delete"
                  name={`Delete token ${token.name}`}
                  question={`Delete the token ${token.name}?`}
                  onConfirm={() => onDelete(token)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
