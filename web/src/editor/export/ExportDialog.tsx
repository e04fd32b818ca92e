import { useEffect, useMemo, useState } from 'react';
import type { DataSourceInfo } from '../../api/datasources.js';
import { useSession } from '../../app/session.js';
import { loadDataSources } from '../../dashboard/datasources.js';
import type { DashboardModel } from '../../lib/model.js';
import { CheckField } from '../common/fields.js';
import { Modal } from '../../app/Modal.js';
import '../editor.css';
import { exportExternally } from '../model/export.js';

const fileName = (title: string | undefined) =>
  `${(title || 'dashboard').replace(/[^\w.-]+/g, '-')}-${Date.now()}.json`;

/** The dashboard's JSON to read, copy or download; optionally prepared for another Grafana. */
export default function ExportDialog({ model, onClose }: { model: DashboardModel; onClose: () => void }) {
  const { user } = useSession();
  const [external, setExternal] = useState(false);
  const [datasources, setDatasources] = useState<DataSourceInfo[]>();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (external && !datasources) loadDataSources(user.orgId).then(setDatasources, () => setDatasources([]));
  }, [external, datasources, user.orgId]);

  const text = useMemo(() => {
    if (!external) return JSON.stringify(model, null, 2);
    if (!datasources) return '';
    return JSON.stringify(exportExternally(model, datasources), null, 2);
  }, [model, external, datasources]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName(model.title);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Modal title="Export dashboard" onClose={onClose} wide>
      <CheckField label="Export for sharing externally" checked={external} onChange={setExternal} />
      <textarea
        className="json-view"
        aria-label="Dashboard JSON"
        readOnly
        rows={24}
        value={text || 'Loading data sources…'}
      />
      <div className="form-actions">
        <button className="primary" onClick={download} disabled={!text}>
          Download file
        </button>
        <button
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          disabled={!text}
        >
          {copied ? 'Copied' : 'Copy to clipboard'}
        </button>
        <button onClick={onClose}>Close</button>
      </div>
    </Modal>
  );
}
