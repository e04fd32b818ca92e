import { useEffect, useId, useState } from 'react';
import { get } from '../../../app/api.js';

export interface OrgUserRef {
  userId: number;
  login: string;
}

const lookup = (query: string, signal?: AbortSignal) =>
  get<OrgUserRef[]>(`/api/org/users/lookup?${new URLSearchParams({ query, limit: '20' })}`, signal);

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
