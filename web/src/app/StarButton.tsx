import { useEffect, useState } from 'react';
import { starDashboard, unstarDashboard } from '../api/dashboards.js';
import { StarIcon } from './icons.js';

export function StarButton({
  uid,
  starred,
  onChange,
}: {
  uid: string;
  starred: boolean;
  onChange?: (starred: boolean) => void;
}) {
  const [on, setOn] = useState(starred);
  const [busy, setBusy] = useState(false);
  // A fresher search result may arrive for the same dashboard.
  useEffect(() => setOn(starred), [starred]);
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) await unstarDashboard(uid);
      else await starDashboard(uid);
      setOn(!on);
      onChange?.(!on);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      className={`star ${on ? 'on' : ''}`}
      aria-pressed={on}
      aria-label={on ? 'Unmark as favorite' : 'Mark as favorite'}
      title={on ? 'Unmark as favorite' : 'Mark as favorite'}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <StarIcon filled={on} />
    </button>
  );
}
