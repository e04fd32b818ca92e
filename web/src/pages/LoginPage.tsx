import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.js';
import { frontendSettings, logIn } from '../api/user.js';
import { useLoad } from '../app/useLoad.js';
import { navigate } from '../app/router.js';

/** Failed attempts per login in this tab, to explain the server's brute-force block. */
const FAILURES_KEY = 'svc.loginFailures';
// Grafana compat: after 5 failures within 5 minutes ([security] brute_force_login_protection_*)
// logins are blocked, and the server answers with the same message as for a wrong password.
const BLOCK_AFTER = 5;

function failures(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(FAILURES_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function safeRedirect(target: string | null): string {
  // Only paths of this site: never an absolute URL someone put in a link.
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

export default function LoginPage({ onSignedIn, signedIn }: { onSignedIn: () => void; signedIn: boolean }) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const params = new URLSearchParams(location.search);
  // An external sign-in the server refused comes back as /login?error=<message>.
  const [error, setError] = useState<string | undefined>(params.get('error') ?? undefined);
  const [busy, setBusy] = useState(false);
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const settings = useLoad((signal) => frontendSettings(signal), []);
  const providers = Object.entries(settings.data?.oauth ?? {});
  const oauthUrl = (key: string) => `/login/${key}?redirectTo=${encodeURIComponent(redirectTo)}`;
  // Grafana compat: auto_login goes straight to the provider, unless that just failed or
  // ?disableAutoLogin asks for the form.
  const autoLogin =
    !signedIn && settings.data?.oauthAutoLogin && !params.has('error') && !params.has('disableAutoLogin');

  useEffect(() => {
    if (signedIn) navigate(redirectTo, { replace: true });
  }, [signedIn, redirectTo]);

  useEffect(() => {
    if (autoLogin && providers[0]) location.assign(oauthUrl(providers[0][0]));
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !password) {
      setError('Enter your username or email and your password.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await logIn({ user, password });
      const counts = failures();
      delete counts[user];
      sessionStorage.setItem(FAILURES_KEY, JSON.stringify(counts));
      onSignedIn();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        const counts = failures();
        counts[user] = (counts[user] ?? 0) + 1;
        sessionStorage.setItem(FAILURES_KEY, JSON.stringify(counts));
        setError(
          counts[user] >= BLOCK_AFTER
            ? `${caught.message}. Too many failed attempts: sign-in for this user is blocked for a few minutes. Wait and try again, or ask an administrator to reset your password.`
            : `${caught.message}.`,
        );
      } else {
        setError(caught instanceof Error ? `Sign in failed: ${caught.message}` : 'Sign in failed');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <form className="login-box" onSubmit={(event) => void submit(event)}>
        <h1>Welcome to svc</h1>
        {settings.data?.disableLoginForm ? null : (
          <>
            <label>
              Email or username
              <input
                name="user"
                autoFocus
                autoComplete="username"
                value={user}
                onChange={(e) => setUser(e.target.value)}
              />
            </label>
            <label>
              Password
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <button type="submit" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </>
        )}
        {error && (
          <div role="alert" className="login-error">
            {error}
          </div>
        )}
        {providers.map(([key, provider]) => (
          <a key={key} className="login-oauth" href={oauthUrl(key)}>
            Sign in with {provider.name}
          </a>
        ))}
      </form>
    </div>
  );
}
