import { useState } from 'react';

/** "Delete" that asks once more before calling `onDelete`. */
export function DeleteButton({ name, onDelete }: { name: string; onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="ds-button-danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="ds-confirm" role="group" aria-label="Confirm deletion">
      <span>Delete data source “{name}”?</span>
      <button
        type="button"
        className="ds-button-danger"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onDelete().finally(() => setBusy(false));
        }}
      >
        Yes, delete
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
