import { useEffect, useState, type FormEvent } from 'react';
import { myPreferences, patchMyPreferences } from '../../../api/user.js';
import { useSession } from '../../../app/session.js';
import { Field } from '../shared/Field.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import { useAction } from '../shared/useAction.js';
import { useLoad } from '../../../app/useLoad.js';

const THEMES = [
  { value: '', label: 'Default' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System preference' },
];

/** The user's theme preference; the session reloads after saving so the page takes it at once. */
export function ThemeForm() {
  const { reload } = useSession();
  const preferences = useLoad<{ theme: string }>(myPreferences);
  const [theme, setTheme] = useState('');
  const action = useAction();
  useEffect(() => {
    if (preferences.data) setTheme(preferences.data.theme);
  }, [preferences.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await action.run(() => patchMyPreferences({ theme }), 'Preferences saved')) {
      preferences.reload();
      reload();
    }
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Preferences">
      <Field label="Interface theme">
        <select value={theme} onChange={(event) => setTheme(event.target.value)}>
          {THEMES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <Notice error={preferences.error ?? action.error} success={action.success} />
      <SubmitRow label="Save preferences" disabled={action.busy || !preferences.data} />
    </form>
  );
}
