import { useState } from 'react';
import type { Panel } from '../lib/model.js';
import { Modal } from '../app/Modal.js';
import './editor.css';

/** A row's title and the variable it repeats for. */
export function RowOptions({
  row,
  variables,
  onApply,
  onClose,
}: {
  row: Panel;
  variables: string[];
  onApply: (row: Panel) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(row.title ?? '');
  const [repeat, setRepeat] = useState(row.repeat ?? '');
  return (
    <Modal title="Row options" onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const next: Panel = { ...row, title };
          if (repeat) next.repeat = repeat;
          else delete next.repeat;
          onApply(next);
        }}
      >
        <label className="field">
          <span>Title</span>
          <input value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span>Repeat for</span>
          <select value={repeat} onChange={(event) => setRepeat(event.target.value)}>
            <option value="">No repeat</option>
            {variables.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <div className="form-actions">
          <button type="submit" className="primary">
            Update
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
