import type { ReactNode } from 'react';
import { Link } from '../../app/Link.js';

/** The line above a list: what it holds, and the link to add one for callers who may. */
export function ListToolbar({
  add,
  children,
}: {
  /** the creation page and its link text; false hides the link */
  add: { to: string; label: string } | false;
  children: ReactNode;
}) {
  return (
    <div className="alerting-toolbar">
      <p className="muted">{children}</p>
      <div className="spacer" />
      {add && (
        <Link to={add.to} className="button primary">
          {add.label}
        </Link>
      )}
    </div>
  );
}
