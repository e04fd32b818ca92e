import { useState } from 'react';
import type { DashboardMeta, DashboardModel } from '../../lib/model.js';
import '../editor.css';
import { GeneralSettings } from './GeneralSettings.js';
import { JsonModelEditor } from './JsonModelEditor.js';
import { LinksEditor } from './LinksEditor.js';
import { VariablesEditor } from './VariablesEditor.js';
import { VersionsView } from './VersionsView.js';

type Tab = 'general' | 'variables' | 'links' | 'versions' | 'json';

/** Dashboard settings, shown instead of the dashboard while open (Grafana's edit views). */
export default function SettingsPage({
  model,
  meta,
  uid,
  folderUid,
  dirty,
  onChange,
  onFolderChange,
  onClose,
  onReload,
}: {
  model: DashboardModel;
  meta: DashboardMeta;
  uid: string;
  folderUid: string;
  dirty: boolean;
  onChange: (model: DashboardModel) => void;
  onFolderChange: (uid: string) => void;
  onClose: () => void;
  /** leave edit mode and load the dashboard again (after a restore) */
  onReload: () => void;
}) {
  const [tab, setTab] = useState<Tab>('general');
  const tabs: { id: Tab; name: string; hidden?: boolean }[] = [
    { id: 'general', name: 'General' },
    { id: 'variables', name: 'Variables' },
    { id: 'links', name: 'Links' },
    { id: 'versions', name: 'Versions', hidden: uid === '' },
    { id: 'json', name: 'JSON Model' },
  ];
  return (
    <div className="settings-page">
      <header className="settings-header">
        <h1>
          {model.title} <span className="muted">/ Settings</span>
        </h1>
        <div className="spacer" />
        <button className="primary" onClick={onClose}>
          Back to dashboard
        </button>
      </header>
      <div className="settings-body">
        <nav className="settings-tabs" role="tablist" aria-label="Settings">
          {tabs
            .filter((t) => !t.hidden)
            .map((t) => (
              <button key={t.id} role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)}>
                {t.name}
              </button>
            ))}
        </nav>
        <section
          className="settings-content"
          role="tabpanel"
          aria-label={tabs.find((t) => t.id === tab)?.name}
        >
          {tab === 'general' && (
            <GeneralSettings
              model={model}
              meta={meta}
              uid={uid}
              folderUid={folderUid}
              onChange={onChange}
              onFolderChange={onFolderChange}
            />
          )}
          {tab === 'variables' && <VariablesEditor model={model} onChange={onChange} />}
          {tab === 'links' && <LinksEditor model={model} onChange={onChange} />}
          {tab === 'versions' && <VersionsView uid={uid} dirty={dirty} onRestored={onReload} />}
          {tab === 'json' && <JsonModelEditor model={model} uid={uid} onChange={onChange} />}
        </section>
      </div>
    </div>
  );
}
