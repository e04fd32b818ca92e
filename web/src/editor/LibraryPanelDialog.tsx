import { useState } from 'react';
import { errorText } from '../api/client.js';
import { createLibraryPanel, type LibraryElement } from '../api/library-panels.js';
import { Modal } from '../app/Modal.js';
import { elementModel } from '../lib/library-panels.js';
import type { Panel } from '../lib/model.js';
import './editor.css';

/** "Create library panel": the panel's model stored as an element in the dashboard's folder. */
export function LibraryPanelDialog({
  panel,
  folderUid,
  onCreated,
  onClose,
}: {
  panel: Panel;
  folderUid: string;
  onCreated: (element: LibraryElement) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(panel.title || 'Library panel');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal title="Create library panel" onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          createLibraryPanel({ name, folderUid, model: elementModel(panel) }).then(
            onCreated,
            (e: unknown) => {
              setError(errorText(e));
              setBusy(false);
            },
          );
        }}
      >
        <label className="field">
          <span>Library panel name</span>
          <input value={name} required onChange={(event) => setName(event.target.value)} />
        </label>
        <p className="muted">Kept in the dashboard’s folder; other dashboards may add it too.</p>
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy || !name.trim()}>
            Create library panel
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
