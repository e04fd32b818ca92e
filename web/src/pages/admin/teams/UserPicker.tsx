import { useEffect, useId, useState } from 'react';
import { lookupOrgUsers as lookup, type OrgUserRef } from '../../../api/orgs.js';

/** The organization user whose login is exactly `login`, if any. */
export async function findOrgUser(login: string): Promise<OrgUserRef | undefined> {
  return (await lookup(login)).find((user) => user.login === login);
}

/** A text box suggesting logins of the organization's users as one types. */
export function UserPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<OrgUserRef[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookup(value, controller.signal).then(setSuggestions, () => setSuggestions([]));
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  return (
    <>
      <input
        aria-label={label}
        placeholder="Login of a user of this organization"
        list={listId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((user) => (
          <option key={user.userId} value={user.login} />
        ))}
      </datalist>
    </>
  );
}
