import { useEffect, useState } from 'react';
import { errorText } from '../api/client.js';
import { searchLibraryPanels, type LibraryElement } from '../api/library-panels.js';
import { Modal } from '../app/Modal.js';
import './editor.css';

/** "Add library panel": pick one of the library panels the caller may read. */
export function AddLibraryPanelDialog({
  onPick,
  onClose,
}: {
  onPick: (element: LibraryElement) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [elements, setElements] = useState<LibraryElement[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    searchLibraryPanels(search, controller.signal).then(
      (found) => {
        setElements(found);
        setError(undefined);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(errorText(e));
      },
    );
    return () => controller.abort();
  }, [search]);
  return (
    <Modal title="Add library panel" onClose={onClose}>
      <label className="field">
        <span>Search library panels</span>
        <input value={search} autoFocus onChange={(event) => setSearch(event.target.value)} />
      </label>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {elements?.length === 0 && <p className="muted">No library panels found.</p>}
      <ul className="library-panel-list" aria-label="Library panels">
        {elements?.map((element) => (
          <li key={element.uid}>
            <button type="button" onClick={() => onPick(element)}>
              {element.name}
            </button>{' '}
            <span className="muted">
              {element.type} · {element.meta.folderName}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
