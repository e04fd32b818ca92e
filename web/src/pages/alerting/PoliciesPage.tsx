import { useState } from 'react';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { contactPoints, policies, savePolicies } from '../../api/alerting.js';
import { PolicyFields } from './PolicyFields.js';
import { PolicyNode, type PolicyActions } from './PolicyNode.js';
import { addChild, checkTree, normalizeRoute, removeAt, updateAt, type NodePath } from './policyTree.js';
import { errorText } from '../../api/client.js';
import type { Route } from './types.js';
import { useLoad } from '../../app/useLoad.js';

/** `/alerting/routes`: the notification policy tree, edited locally and saved as a whole. */
export default function PoliciesPage() {
  const { data, error } = useLoad(async () => {
    const [tree, points] = await Promise.all([policies(), contactPoints().catch(() => undefined)]);
    return { tree, provenance: tree.provenance, receivers: points?.map((p) => p.name) };
  });
  return (
    <div className="alerting-page">
      <h1>Notification policies</h1>
      <AlertingNav current="/alerting/routes" />
      {error && <div className="error-box">Could not load the policies: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data && (
        <PolicyTreeEditor
          key={JSON.stringify(data.tree)}
          initial={normalizeRoute(data.tree)}
          provenance={data.provenance}
          receivers={data.receivers}
        />
      )}
    </div>
  );
}

function PolicyTreeEditor({
  initial,
  provenance,
  receivers,
}: {
  initial: Route;
  provenance: string | undefined;
  receivers: string[] | undefined;
}) {
  const access = useAlertingAccess();
  const canWrite = access.writePolicies && !provenance;
  const [tree, setTree] = useState(initial);
  // The tree as last loaded or saved, for "Discard changes".
  const [baseline, setBaseline] = useState(initial);
  const [editing, setEditing] = useState<NodePath>();
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<{ kind: 'error' | 'info'; text: string }>();
  const [saving, setSaving] = useState(false);

  const change = (next: Route) => {
    setTree(next);
    setDirty(true);
    setStatus(undefined);
  };

  const actions: PolicyActions = {
    editing,
    canWrite,
    receivers,
    onEdit: setEditing,
    onChange: (path, route) => change(updateAt(tree, path, () => route)),
    onAddChild: (path) => {
      const added = addChild(tree, path);
      change(added.tree);
      setEditing(added.path);
    },
    onDelete: (path) => {
      change(removeAt(tree, path));
      setEditing(undefined);
    },
  };

  const save = async () => {
    const problem = checkTree(tree);
    if (problem) {
      if (problem.path.length) setEditing(problem.path);
      const where = problem.path.length
        ? `Policy ${problem.path.map((i) => i + 1).join('.')}`
        : 'Default policy';
      setStatus({ kind: 'error', text: `${where}: ${problem.message}` });
      return;
    }
    setSaving(true);
    try {
      await savePolicies(tree);
      setBaseline(tree);
      setDirty(false);
      setStatus({ kind: 'info', text: 'Notification policies saved.' });
    } catch (caught) {
      setStatus({ kind: 'error', text: `Could not save the policies: ${errorText(caught)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="policy-editor">
      {provenance && (
        <div className="info-box">
          The policy tree is provisioned ({provenance}) and cannot be edited here.
        </div>
      )}
      <section className="policy-default" aria-label="Default policy">
        <h2>Default policy</h2>
        <p className="muted">Every alert goes here unless a nested policy matches it first.</p>
        <PolicyFields
          route={tree}
          root
          receivers={receivers}
          disabled={!canWrite}
          onChange={(next) => change({ ...next, routes: tree.routes })}
        />
        {canWrite && (
          <button type="button" onClick={() => actions.onAddChild([])}>
            Add nested policy
          </button>
        )}
      </section>
      {tree.routes && tree.routes.length > 0 && (
        <ul className="policy-children policy-root-children">
          {tree.routes.map((child, index) => (
            <PolicyNode
              key={index}
              route={child}
              path={[index]}
              inherited={tree.receiver ?? ''}
              actions={actions}
            />
          ))}
        </ul>
      )}
      {status && (
        <div className={status.kind === 'error' ? 'error-box' : 'info-box'} role="alert">
          {status.text}
        </div>
      )}
      {canWrite && (
        <div className="cp-form-actions">
          <button type="button" className="primary" disabled={saving || !dirty} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save policies'}
          </button>
          <button
            type="button"
            disabled={saving || !dirty}
            onClick={() => {
              setTree(baseline);
              setDirty(false);
              setEditing(undefined);
              setStatus(undefined);
            }}
          >
            Discard changes
          </button>
        </div>
      )}
    </div>
  );
}
