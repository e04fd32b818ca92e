import { useState } from 'react';
import { ApiError } from '../../api/client.js';
import { deleteDashboard } from '../../api/dashboards.js';
import { navigate } from '../../app/router.js';
import type { DashboardMeta, DashboardModel } from '../../lib/model.js';
import { DEFAULT_REFRESH_INTERVALS } from '../../lib/time.js';
import { CheckField, SelectField, TextField } from '../common/fields.js';
import { FolderPicker } from '../common/FolderPicker.js';
import { CloseIcon } from '../../app/icons.js';

const ZONES = ['', 'browser', 'utc', ...(Intl.supportedValuesOf?.('timeZone') ?? [])];

/** Title, description, tags, folder, time options; deleting the dashboard. */
export function GeneralSettings({
  model,
  meta,
  uid,
  folderUid,
  onChange,
  onFolderChange,
}: {
  model: DashboardModel;
  meta: DashboardMeta;
  uid: string;
  folderUid: string;
  onChange: (model: DashboardModel) => void;
  onFolderChange: (uid: string) => void;
}) {
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string>();
  const tags = model.tags ?? [];
  const timepicker = model.timepicker ?? {};
  const intervals = timepicker.refresh_intervals ?? DEFAULT_REFRESH_INTERVALS;
  const set = (patch: Partial<DashboardModel>) => onChange({ ...model, ...patch });
  const addTag = () => {
    const value = tag.trim();
    if (value && !tags.includes(value)) set({ tags: [...tags, value] });
    setTag('');
  };
  const remove = async () => {
    if (!window.confirm(`Delete the dashboard "${model.title}"? This cannot be undone.`)) return;
    try {
      await deleteDashboard(uid);
      navigate('/dashboards');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  };
  return (
    <div className="form">
      <TextField label="Title" value={model.title ?? ''} onChange={(title) => set({ title })} />
      <TextField
        label="Description"
        multiline
        value={model.description ?? ''}
        onChange={(description) => set({ description })}
      />
      <div className="field">
        <span>Tags</span>
        <div className="tag-editor">
          {tags.map((t) => (
            <span key={t} className="tag chip">
              {t}
              <button
                className="icon"
                aria-label={`Remove tag ${t}`}
                onClick={() => set({ tags: tags.filter((x) => x !== t) })}
              >
                <CloseIcon />
              </button>
            </span>
          ))}
          <input
            aria-label="New tag"
            placeholder="New tag (Enter)"
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addTag();
              }
            }}
          />
          <button onClick={addTag}>Add tag</button>
        </div>
      </div>
      <FolderPicker value={folderUid} onChange={onFolderChange} />
      <CheckField
        label="Editable"
        checked={model.editable !== false}
        onChange={(editable) => set({ editable })}
      />
      <h3>Time options</h3>
      <SelectField
        label="Time zone"
        value={model.timezone ?? ''}
        options={ZONES.map((zone) => ({
          value: zone,
          label:
            zone === ''
              ? 'Default (user preference)'
              : zone === 'browser'
                ? 'Browser time'
                : zone === 'utc'
                  ? 'Coordinated Universal Time (UTC)'
                  : zone,
        }))}
        onChange={(timezone) => set({ timezone })}
      />
      <SelectField
        label="Auto refresh"
        value={typeof model.refresh === 'string' ? model.refresh : ''}
        options={[{ value: '', label: 'Off' }, ...intervals.map((i) => ({ value: i, label: i }))]}
        onChange={(refresh) => set({ refresh })}
      />
      <TextField
        label="Refresh intervals"
        value={intervals.join(',')}
        onChange={(text) =>
          set({
            timepicker: {
              ...timepicker,
              refresh_intervals: text
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            },
          })
        }
      />
      <TextField
        label="Now delay"
        value={timepicker.nowDelay ?? ''}
        placeholder="0m"
        onChange={(nowDelay) => set({ timepicker: { ...timepicker, nowDelay: nowDelay || undefined } })}
      />
      <CheckField
        label="Hide time picker"
        checked={timepicker.hidden === true}
        onChange={(hidden) => set({ timepicker: { ...timepicker, hidden } })}
      />
      {uid && meta.canDelete && (
        <>
          <h3>Danger zone</h3>
          <button className="danger" onClick={() => void remove()}>
            Delete dashboard
          </button>
          {error && <div className="error-box">{error}</div>}
        </>
      )}
    </div>
  );
}
