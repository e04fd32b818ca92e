import { Link } from '../../../app/Link.js';

/** A list page's heading, with the link to create one more for callers who may. */
export function ListHeader({
  title,
  create,
}: {
  title: string;
  /** the creation page and its link text; false or undefined hides the link */
  create?: { to: string; label: string } | false;
}) {
  return (
    <div className="admin-header">
      <h2>{title}</h2>
      {create && (
        <Link to={create.to} className="admin-button">
          {create.label}
        </Link>
      )}
    </div>
  );
}
