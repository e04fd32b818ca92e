import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { DataSourceInfo } from '../api/datasources.js';
import { replaceSearch } from '../app/router.js';
import { useSession } from '../app/session.js';
import { loadDataSources } from '../dashboard/datasources.js';
import { DashboardView } from '../dashboard/DashboardView.js';
import type { EditHooks } from '../dashboard/edit-hooks.js';
import { errorText } from '../api/client.js';
import { libraryElementByUid } from '../api/library-panels.js';
import { linkedPanel, panelOfElement, unlinkedPanel } from '../lib/library-panels.js';
import type { DashboardMeta, DashboardModel } from '../lib/model.js';
import { UNSAVED_MESSAGE, useUnsavedGuard } from './common/useUnsavedGuard.js';
import { EditableGrid } from './EditableGrid.js';
import { newPanel } from './model/defaults.js';
import {
  addPanel,
  duplicatePanel,
  findPanel,
  newRow,
  normalizeForEdit,
  removePanel,
  replacePanel,
  setPosition,
  toggleRow,
} from './model/panels.js';
import { AddLibraryPanelDialog } from './AddLibraryPanelDialog.js';
import { LibraryPanelDialog } from './LibraryPanelDialog.js';
import { RowOptions } from './RowOptions.js';
import './editor.css';

const PanelEditor = lazy(() => import('./panel/PanelEditor.js'));
const SettingsPage = lazy(() => import('./settings/SettingsPage.js'));
const SaveDialog = lazy(() => import('./save/SaveDialog.js'));
const ExportDialog = lazy(() => import('./export/ExportDialog.js'));

export interface EditorProps {
  dashboard: DashboardModel;
  meta: DashboardMeta;
  /** "" for a dashboard not saved yet */
  uid: string;
  /** leave edit mode (after a save, a discard or a restore: the page reloads the dashboard) */
  onExit: () => void;
  /** the panel to open in the panel editor at once */
  initialPanel?: number;
}

type Dialog = 'save' | 'export' | 'addLibrary' | { rowOptions: number } | { library: number } | undefined;

/** A dashboard in edit mode: a working copy of the model with the grid, panel editor and settings. */
export default function DashboardEditor({ dashboard, meta, uid, onExit, initialPanel }: EditorProps) {
  const { user } = useSession();
  const initial = useMemo(() => normalizeForEdit(dashboard), [dashboard]);
  const [model, setModel] = useState(initial);
  const [folderUid, setFolderUid] = useState(meta.folderUid ?? '');
  const [view, setView] = useState<'dashboard' | 'settings'>('dashboard');
  const [viewKey, setViewKey] = useState(0);
  const [editing, setEditing] = useState<{ id: number; isNew: boolean } | undefined>(
    initialPanel === undefined ? undefined : { id: initialPanel, isNew: false },
  );
  const [dialog, setDialog] = useState<Dialog>();
  const [datasources, setDatasources] = useState<DataSourceInfo[]>([]);
  const isNew = uid === '';
  const dirty = JSON.stringify(model) !== JSON.stringify(initial) || folderUid !== (meta.folderUid ?? '');
  useUnsavedGuard(dirty);

  useEffect(() => {
    loadDataSources(user.orgId).then(setDatasources, () => setDatasources([]));
  }, [user.orgId]);

  const addVisualization = useCallback(() => {
    const ds = datasources.find((d) => d.isDefault) ?? datasources[0];
    const added = addPanel(model, newPanel(ds));
    setModel(added.model);
    setEditing({ id: added.id, isNew: true });
  }, [model, datasources]);

  // A library panel becomes the dashboard's own again (its element's model); another panel a new
  // library panel, through the dialog.
  const [libraryError, setLibraryError] = useState<string>();
  const onLibrary = (id: number) => {
    const panel = findPanel(model, id);
    if (!panel) return;
    setLibraryError(undefined);
    if (!panel.libraryPanel) return setDialog({ library: id });
    libraryElementByUid(panel.libraryPanel.uid).then(
      (element) => setModel((m) => replacePanel(m, unlinkedPanel(panel, element.model))),
      (error: unknown) => setLibraryError(errorText(error)),
    );
  };

  // The URL names the panel being edited (`?editPanel=`), as Grafana's does.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (editing && !editing.isNew) params.set('editPanel', String(editing.id));
    else params.delete('editPanel');
    replaceSearch(params);
  }, [editing]);

  const exit = () => {
    if (dirty && !window.confirm(UNSAVED_MESSAGE)) return;
    onExit();
  };

  const hooks: EditHooks = {
    onToggleRow: (row) => row.id !== undefined && setModel((m) => toggleRow(m, row.id!)),
    renderGrid: ({ items, renderItem, context }) => {
      const panel = editing ? findPanel(model, editing.id) : undefined;
      return (
        <>
          {items.length === 0 && (
            <div className="empty-dashboard">
              <p>Start your new dashboard by adding a visualization.</p>
              <button className="primary" onClick={addVisualization}>
                Add visualization
              </button>
            </div>
          )}
          <EditableGrid
            items={items}
            renderItem={renderItem}
            actions={{
              onPosition: (id, pos) => setModel((m) => setPosition(m, id, pos)),
              onEdit: (id) => setEditing({ id, isNew: false }),
              onDuplicate: (id) => setModel((m) => duplicatePanel(m, id).model),
              onRemove: (id) => setModel((m) => removePanel(m, id)),
              onRowOptions: (id) => setDialog({ rowOptions: id }),
              onLibrary,
            }}
          />
          {panel && editing && (
            <Suspense fallback={<div className="panel-editor page-loading">Loading panel editor…</div>}>
              <PanelEditor
                panel={panel}
                context={context}
                onApply={(next) => {
                  setModel((m) => replacePanel(m, next));
                  setEditing(undefined);
                }}
                onDiscard={() => {
                  if (editing.isNew) setModel((m) => removePanel(m, editing.id));
                  setEditing(undefined);
                }}
              />
            </Suspense>
          )}
        </>
      );
    },
  };

  if (view === 'settings') {
    return (
      <Suspense fallback={<div className="page-loading">Loading settings…</div>}>
        <SettingsPage
          model={model}
          meta={meta}
          uid={uid}
          folderUid={folderUid}
          dirty={dirty}
          onChange={setModel}
          onFolderChange={setFolderUid}
          onClose={() => {
            setView('dashboard');
            setViewKey((k) => k + 1);
          }}
          onReload={onExit}
        />
      </Suspense>
    );
  }

  const rowOptions =
    typeof dialog === 'object' && dialog && 'rowOptions' in dialog
      ? findPanel(model, dialog.rowOptions)
      : undefined;
  const libraryPanel =
    typeof dialog === 'object' && dialog && 'library' in dialog
      ? findPanel(model, dialog.library)
      : undefined;
  return (
    <div className="dashboard-editor">
      <DashboardView
        key={viewKey}
        model={model}
        meta={meta}
        uid={uid}
        edit={hooks}
        // `e` on the focused or hovered panel edits it in edit mode too, as in Grafana; not from
        // inside the panel editor, whose preview is a panel as well.
        onEditPanel={editing ? undefined : (id) => setEditing({ id, isNew: false })}
        actions={
          <div className="edit-actions" role="toolbar" aria-label="Edit dashboard">
            <button onClick={addVisualization}>Add visualization</button>
            <button onClick={() => setDialog('addLibrary')}>Add library panel</button>
            <button onClick={() => setModel(addPanel(model, newRow()).model)}>Add row</button>
            <button onClick={() => setView('settings')}>Settings</button>
            <button onClick={() => setDialog('export')}>Export</button>
            <button className="primary" onClick={() => setDialog('save')} disabled={!meta.canSave}>
              Save dashboard
            </button>
            <button onClick={exit}>{isNew ? 'Discard' : 'Exit edit'}</button>
          </div>
        }
      />
      {dirty && !isNew && <div className="unsaved-note">Unsaved changes</div>}
      {libraryError && (
        <div className="error-box" role="alert">
          {libraryError}
        </div>
      )}
      <Suspense fallback={null}>
        {dialog === 'save' && (
          <SaveDialog
            model={model}
            uid={uid}
            folderUid={folderUid}
            original={initial}
            onClose={() => setDialog(undefined)}
            onSaved={onExit}
            onReload={onExit}
          />
        )}
        {dialog === 'export' && <ExportDialog model={model} onClose={() => setDialog(undefined)} />}
      </Suspense>
      {dialog === 'addLibrary' && (
        <AddLibraryPanelDialog
          onPick={(element) => {
            setModel((m) => addPanel(m, panelOfElement(element)).model);
            setDialog(undefined);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {libraryPanel && (
        <LibraryPanelDialog
          panel={libraryPanel}
          folderUid={folderUid}
          onCreated={(element) => {
            setModel((m) => replacePanel(m, linkedPanel(libraryPanel, element)));
            setDialog(undefined);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {rowOptions && (
        <RowOptions
          row={rowOptions}
          variables={(model.templating?.list ?? []).map((v) => v.name)}
          onApply={(row) => {
            setModel((m) => replacePanel(m, row));
            setDialog(undefined);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </div>
  );
}
