import { Link } from '../../app/Link.js';

/**
 * The actions cell of a list row: an Edit (or View) link and, where allowed, a Delete button that
 * asks to confirm in place. The list keeps which row is confirming, so only one is at a time.
 */
export function RowActions({
  name,
  editUrl,
  canEdit,
  canDelete,
  confirming,
  onConfirming,
  onDelete,
}: {
  name: string;
  editUrl: string;
  canEdit: boolean;
  canDelete: boolean;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <td className="alerting-actions">
      <Link to={editUrl} className="button">
        {canEdit ? 'Edit' : 'View'}
        <span className="visually-hidden"> {name}</span>
      </Link>
      {canDelete && !confirming && (
        <button type="button" onClick={() => onConfirming(true)}>
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      )}
      {confirming && (
        <>
          <button
            type="button"
            className="danger"
            onClick={() => {
              onConfirming(false);
              onDelete();
            }}
          >
            Confirm delete
          </button>
          <button type="button" onClick={() => onConfirming(false)}>
            Cancel
          </button>
        </>
      )}
    </td>
  );
}
