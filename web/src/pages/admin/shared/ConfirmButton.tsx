import { useState } from 'react';

/**
 * A destructive button that asks once more in place: "Delete" turns into "Confirm" and "Cancel".
 * `name` is the accessible name of the first button (e.g. "Delete user alice").
 */
export function ConfirmButton({
  label,
  name,
  question = 'Are you sure?',
  disabled,
  onConfirm,
}: {
  label: string;
  name?: string;
  question?: string;
  disabled?: boolean;
  onConfirm: () => void | Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="admin-danger"
        aria-label={name}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="admin-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className="admin-danger"
        onClick={() => {
          setAsking(false);
          void onConfirm();
        }}
      >
        Confirm
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
