import type { ReactNode } from 'react';
import { Link } from '../../app/Link.js';
import { usePermissions } from '../../app/permissions.js';
import { allowedSections } from './sections.js';
import './admin.css';

/** The area's frame: a side menu with the sections the caller may use, and the page. */
export function AdminLayout({ path, children }: { path: string; children: ReactNode }) {
  const sections = allowedSections(usePermissions());
  const current = sections
    .filter((s) => path === s.path || path.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const groups = [...new Set(sections.map((s) => s.group))];
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Administration sections">
        {groups.map((group) => (
          <div key={group}>
            <h4>{group}</h4>
            {sections
              .filter((s) => s.group === group)
              .map((s) => (
                <Link key={s.path} to={s.path} className={s === current ? 'active' : undefined}>
                  {s.title}
                </Link>
              ))}
          </div>
        ))}
      </nav>
      <div className="admin-content">{children}</div>
    </div>
  );
}
