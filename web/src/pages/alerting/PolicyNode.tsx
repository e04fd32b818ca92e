import { PolicyFields } from './PolicyFields.js';
import type { NodePath } from './policyTree.js';
import type { Route } from './types.js';

const samePath = (a: NodePath | undefined, b: NodePath) => a !== undefined && a.join('.') === b.join('.');

export interface PolicyActions {
  editing: NodePath | undefined;
  canWrite: boolean;
  /** contact point names, or undefined when the caller cannot list them */
  receivers: string[] | undefined;
  onEdit: (path: NodePath | undefined) => void;
  onChange: (path: NodePath, route: Route) => void;
  onAddChild: (path: NodePath) => void;
  onDelete: (path: NodePath) => void;
}

/** A nested policy: what it matches and where it sends, its own nested policies below it. */
export function PolicyNode({
  route,
  path,
  inherited,
  actions,
}: {
  route: Route;
  path: NodePath;
  /** the contact point it inherits when it names none */
  inherited: string;
  actions: PolicyActions;
}) {
  const editing = samePath(actions.editing, path);
  const label = `Policy ${path.map((i) => i + 1).join('.')}`;
  const matchers = route.object_matchers ?? [];
  const receiver = route.receiver ?? inherited;
  return (
    <li className="policy-node" aria-label={label} data-policy={path.join('.')}>
      <div className="policy-summary">
        <strong>{label}</strong>
        <span className="policy-matchers-summary">
          {matchers.length === 0 && !route.matchers?.length ? (
            <span className="muted">matches all alerts</span>
          ) : (
            [...matchers.map(([name, op, value]) => `${name} ${op} ${value}`), ...(route.matchers ?? [])].map(
              (text, i) => (
                <code key={i} className="policy-chip">
                  {text}
                </code>
              ),
            )
          )}
        </span>
        <span>
          → {receiver}
          {!route.receiver && <span className="muted"> (inherited)</span>}
        </span>
        {route.continue && <span className="cp-badge">continue</span>}
        {route.group_by && <span className="muted">group by {route.group_by.join(', ')}</span>}
        <div className="spacer" />
        {actions.canWrite && (
          <>
            <button type="button" onClick={() => actions.onEdit(editing ? undefined : path)}>
              {editing ? `Close ${label}` : `Edit ${label}`}
            </button>
            <button type="button" onClick={() => actions.onAddChild(path)}>
              Add nested policy to {label}
            </button>
            <button type="button" className="danger" onClick={() => actions.onDelete(path)}>
              Delete {label}
            </button>
          </>
        )}
      </div>
      {editing && (
        <PolicyFields
          route={route}
          root={false}
          receivers={actions.receivers}
          disabled={!actions.canWrite}
          onChange={(next) => actions.onChange(path, next)}
        />
      )}
      {route.routes && route.routes.length > 0 && (
        <ul className="policy-children">
          {route.routes.map((child, index) => (
            <PolicyNode
              key={index}
              route={child}
              path={[...path, index]}
              inherited={receiver}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
