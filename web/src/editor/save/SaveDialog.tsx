import { useState } from 'react';
import { navigate } from '../../app/router.js';
import type { DashboardModel } from '../../lib/model.js';
import { FolderPicker } from '../common/FolderPicker.js';
import { Modal } from '../../app/Modal.js';
import '../editor.css';
import { ChangesView } from './ChangesView.js';
import { changedTime, changedVariables, withDefaults } from './defaults.js';
import { CheckField } from '../common/fields.js';
import { saveDashboard, type SaveProblem } from './save.js';

/**
 * Saving with a message. A conflict (someone saved in between) offers to overwrite their version
 * or to reload theirs; a title taken in the folder offers another title or to overwrite.
 */
export default function SaveDialog({
  model,
  uid,
  folderUid: initialFolder,
  original,
  onClose,
  onSaved,
  onReload,
}: {
  model: DashboardModel;
  uid: string;
  folderUid: string;
  original: DashboardModel;
  onClose: () => void;
  onSaved: () => void;
  onReload: () => void;
}) {
  const isNew = uid === '';
  const [title, setTitle] = useState(model.title ?? '');
  const [folderUid, setFolderUid] = useState(initialFolder);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>();
  const [tab, setTab] = useState<'save' | 'changes'>('save');
  const [search] = useState(() => new URLSearchParams(location.search));
  const time = isNew ? undefined : changedTime(model, search);
  const variables = isNew ? new Map<string, string[]>() : changedVariables(model, search);
  const [saveTime, setSaveTime] = useState(false);
  const [saveVariables, setSaveVariables] = useState(false);

  const save = async (overwrite: boolean) => {
    setBusy(true);
    const dashboard = {
      ...withDefaults(model, saveTime ? time : undefined, saveVariables ? variables : undefined),
      title: title.trim(),
    };
    const result = await saveDashboard({ dashboard, folderUid, message: message || undefined, overwrite });
    setBusy(false);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    // A new dashboard moves to its own page; a saved one reloads there (its slug may have changed).
    navigate(result.saved.url + location.search, { replace: !isNew });
    if (!isNew) onSaved();
  };

  const showTitle = isNew || problem?.kind === 'name-exists';
  return (
    <Modal title={isNew ? 'Save dashboard' : 'Save dashboard changes'} onClose={onClose}>
      {!isNew && (
        <div className="tabs" role="tablist">
          <button role="tab" aria-selected={tab === 'save'} onClick={() => setTab('save')}>
            Details
          </button>
          <button role="tab" aria-selected={tab === 'changes'} onClick={() => setTab('changes')}>
            Changes
          </button>
        </div>
      )}
      {tab === 'changes' && !isNew ? (
        <ChangesView uid={uid} version={original.version ?? 0} model={model} />
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void save(false);
          }}
        >
          {showTitle && (
            <label className="field">
              <span>Title</span>
              <input value={title} onChange={(event) => setTitle(event.target.value)} autoFocus={isNew} />
            </label>
          )}
          {isNew && <FolderPicker value={folderUid} onChange={setFolderUid} />}
          {time && (
            <CheckField
              label={`Save current time range (${time.from} to ${time.to}) as dashboard default`}
              checked={saveTime}
              onChange={setSaveTime}
            />
          )}
          {variables.size > 0 && (
            <CheckField
              label="Save current variable values as dashboard default"
              checked={saveVariables}
              onChange={setSaveVariables}
            />
          )}
          <label className="field">
            <span>Message</span>
            <textarea
              rows={3}
              value={message}
              maxLength={500}
              placeholder="Add a note to describe your changes"
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
          {problem?.kind === 'version-mismatch' && (
            <div className="conflict" role="alert">
              <strong>Someone else has updated this dashboard.</strong>
              <p>
                {problem.message}. Overwrite their changes with yours, or reload the dashboard and lose yours.
              </p>
              <div className="form-actions">
                <button type="button" className="danger" disabled={busy} onClick={() => void save(true)}>
                  Overwrite
                </button>
                <button type="button" onClick={onReload}>
                  Reload
                </button>
              </div>
            </div>
          )}
          {problem?.kind === 'name-exists' && (
            <div className="conflict" role="alert">
              <strong>{problem.message}.</strong>
              <p>Choose another title, or overwrite the other dashboard.</p>
              <button type="button" className="danger" disabled={busy} onClick={() => void save(true)}>
                Overwrite
              </button>
            </div>
          )}
          {problem?.kind === 'error' && (
            <div className="error-box" role="alert">
              {problem.message}
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={busy || title.trim() === ''}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
