/** The administration sections and the permission each needs to be offered. */

type Can = (action: string, scope?: string) => boolean;

interface Section {
  path: string;
  title: string;
  description: string;
  group: 'Server administration' | 'Organization' | 'Your account';
  allowed: (can: Can) => boolean;
}

const SECTIONS: Section[] = [
  {
    path: '/admin/users',
    title: 'Users',
    description: 'Every user of the server: create, edit, disable, server admins, organizations.',
    group: 'Server administration',
    allowed: (can) => can('users:read', 'global.users:*'),
  },
  {
    path: '/admin/orgs',
    title: 'Organizations',
    description: 'Create, rename and delete organizations and manage their users.',
    // Every org member reads its own org; listing and deleting all of them is the server admin's.
    group: 'Server administration',
    allowed: (can) => can('orgs:delete'),
  },
  {
    path: '/org',
    title: 'Organization settings',
    description: 'The name of the current organization.',
    group: 'Organization',
    allowed: (can) => can('orgs:write'),
  },
  {
    path: '/org/users',
    title: 'Organization users',
    description: 'Users of the current organization and their roles.',
    group: 'Organization',
    allowed: (can) => can('org.users:read', 'users:*'),
  },
  {
    path: '/org/teams',
    title: 'Teams',
    description: 'Groups of users of the organization.',
    group: 'Organization',
    allowed: (can) => can('teams:read') || can('teams:create'),
  },
  {
    path: '/org/serviceaccounts',
    title: 'Service accounts',
    description: 'Accounts for machines, with their API tokens.',
    group: 'Organization',
    allowed: (can) => can('serviceaccounts:read'),
  },
  {
    path: '/profile',
    title: 'Profile',
    description: 'Your name, email, theme, password and sessions.',
    group: 'Your account',
    allowed: () => true,
  },
];

/** The sections the caller may use, in display order. */
export function allowedSections(can: Can): Section[] {
  return SECTIONS.filter((section) => section.allowed(can));
}
