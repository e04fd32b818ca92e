import type { ReactNode } from 'react';
import { AdminHome } from './AdminHome.js';
import { AdminLayout } from './AdminLayout.js';
import { OrgSettingsPage } from './org/OrgSettingsPage.js';
import { OrgUsersPage } from './org/OrgUsersPage.js';
import { OrgCreatePage } from './orgs/OrgCreatePage.js';
import { OrgEditPage } from './orgs/OrgEditPage.js';
import { OrgsListPage } from './orgs/OrgsListPage.js';
import { PasswordPage, ProfilePage } from './profile/ProfilePage.js';
import { ServiceAccountCreatePage } from './serviceaccounts/ServiceAccountCreatePage.js';
import { ServiceAccountPage } from './serviceaccounts/ServiceAccountPage.js';
import { ServiceAccountsPage } from './serviceaccounts/ServiceAccountsPage.js';
import { TeamCreatePage } from './teams/TeamCreatePage.js';
import { TeamPage } from './teams/TeamPage.js';
import { TeamsListPage } from './teams/TeamsListPage.js';
import { UserCreatePage } from './users/UserCreatePage.js';
import { UserEditPage } from './users/UserEditPage.js';
import { UsersListPage } from './users/UsersListPage.js';

/** Path patterns of the area; `:id` captures one segment. Grafana's URLs where it has them. */
const ROUTES: [string, (id: string) => ReactNode][] = [
  ['/admin', () => <AdminHome />],
  ['/admin/users', () => <UsersListPage />],
  ['/admin/users/create', () => <UserCreatePage />],
  ['/admin/users/edit/:id', (id) => <UserEditPage key={id} id={id} />],
  ['/admin/orgs', () => <OrgsListPage />],
  ['/admin/orgs/new', () => <OrgCreatePage />],
  ['/admin/orgs/edit/:id', (id) => <OrgEditPage key={id} id={id} />],
  ['/org', () => <OrgSettingsPage />],
  ['/org/users', () => <OrgUsersPage />],
  ['/org/teams', () => <TeamsListPage />],
  ['/org/teams/new', () => <TeamCreatePage />],
  ['/org/teams/edit/:id', (id) => <TeamPage key={id} id={id} />],
  ['/org/teams/edit/:id/members', (id) => <TeamPage key={id} id={id} />],
  ['/org/teams/edit/:id/settings', (id) => <TeamPage key={id} id={id} />],
  ['/org/serviceaccounts', () => <ServiceAccountsPage />],
  ['/org/serviceaccounts/create', () => <ServiceAccountCreatePage />],
  ['/org/serviceaccounts/:id', (id) => <ServiceAccountPage key={id} id={id} />],
  ['/profile', () => <ProfilePage />],
  ['/profile/password', () => <PasswordPage />],
];

function match(pattern: string, path: string): string | undefined {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return undefined;
  let id = '';
  for (let i = 0; i < want.length; i++) {
    if (want[i] === ':id') id = decodeURIComponent(have[i]!);
    else if (want[i] !== have[i]) return undefined;
  }
  return id;
}

/** Administration (/admin, /org, /profile): the area's own router. */
export default function AdminArea({ path }: { path: string }) {
  // Fixed segments win over `:id` (…/create before …/:id): the table lists them first.
  for (const [pattern, render] of ROUTES) {
    const id = match(pattern, path);
    if (id !== undefined) return <AdminLayout path={path}>{render(id)}</AdminLayout>;
  }
  return (
    <AdminLayout path={path}>
      <div className="page-error">
        <h2>Page not found</h2>
        <p>
          Nothing lives at <code>{path}</code>. <a href="/admin">Administration</a>
        </p>
      </div>
    </AdminLayout>
  );
}
