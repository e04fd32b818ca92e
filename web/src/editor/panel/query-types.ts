import type { Target } from '../../lib/model.js';

/** What every query editor gets: its query, and a change (run at once when `run`). */
export interface QueryEditorProps {
  target: Target;
  datasource: { uid: string; type: string; name: string };
  onChange: (target: Target, run?: boolean) => void;
  onRun: () => void;
}

/** A copy with `key` set, or removed when the value is undefined or "". */
export function setKey(target: Target, key: string, value: unknown): Target {
  const next = { ...target };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}
