import { Link } from '../../app/Link.js';
import { usePermissions } from '../../app/permissions.js';
import { allowedSections } from './sections.js';

/** /admin: a card per section the caller may use. */
export function AdminHome() {
  const sections = allowedSections(usePermissions());
  return (
    <section>
      <h2>Administration</h2>
      <ul className="admin-cards">
        {sections.map((section) => (
          <li key={section.path}>
            <Link to={section.path}>{section.title}</Link>
            <p className="muted">{section.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
