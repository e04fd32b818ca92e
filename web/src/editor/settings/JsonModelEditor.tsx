import { useState } from 'react';
import type { DashboardModel } from '../../lib/model.js';
import { validateModelText } from '../model/validate.js';
import { normalizeForEdit } from '../model/panels.js';

/** The whole model as JSON; applied only when it is a valid dashboard. */
export function JsonModelEditor({
  model,
  uid,
  onChange,
}: {
  model: DashboardModel;
  uid: string;
  onChange: (model: DashboardModel) => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(model, null, 2));
  const [errors, setErrors] = useState<string[]>([]);
  const [applied, setApplied] = useState(false);
  const apply = () => {
    const result = validateModelText(text, uid || undefined);
    setErrors(result.errors);
    setApplied(result.errors.length === 0);
    if (result.model) {
      // The version stays the one loaded: the save checks it against the server's.
      onChange(normalizeForEdit({ ...result.model, version: model.version, id: model.id }));
    }
  };
  return (
    <div className="json-editor">
      <p className="muted">
        The JSON model is the dashboard's definition. Changes apply to the dashboard being edited; save it to
        keep them.
      </p>
      <textarea
        className="json-view"
        aria-label="JSON model"
        rows={30}
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setApplied(false);
        }}
      />
      {errors.length > 0 && (
        <ul className="error-box validation-errors" role="alert" aria-label="Validation errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {applied && (
        <div className="muted" role="status">
          Changes applied.
        </div>
      )}
      <div className="form-actions">
        <button className="primary" onClick={apply}>
          Apply JSON
        </button>
      </div>
    </div>
  );
}
