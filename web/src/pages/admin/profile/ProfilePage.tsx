import { updateProfile } from '../../../api/user.js';
import { Link } from '../../../app/Link.js';
import { useSession } from '../../../app/session.js';
import { Panel } from '../shared/Panel.js';
import { UserInfoForm } from '../shared/UserInfoForm.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { OrgsSection } from './OrgsSection.js';
import { SessionsSection } from './SessionsSection.js';
import { ThemeForm } from './ThemeForm.js';

/** /profile: the signed-in user's own name, email, login, theme, password, organizations, sessions. */
export function ProfilePage() {
  const { user, reload } = useSession();
  return (
    <section>
      <h2>Profile</h2>
      <Panel title="Edit profile">
        <UserInfoForm
          user={user}
          onSave={async (info) => {
            await updateProfile(info);
            reload();
          }}
        />
      </Panel>
      <Panel title="Preferences">
        <ThemeForm />
      </Panel>
      <Panel title="Change password">
        <ChangePasswordForm />
      </Panel>
      <Panel title="Organizations">
        <OrgsSection />
      </Panel>
      <Panel title="Sessions">
        <SessionsSection />
      </Panel>
    </section>
  );
}

/** /profile/password: the change-password form on its own page, as Grafana has it. */
export function PasswordPage() {
  return (
    <section>
      <p>
        <Link to="/profile">← Profile</Link>
      </p>
      <h2>Change password</h2>
      <Panel>
        <ChangePasswordForm />
      </Panel>
    </section>
  );
}
