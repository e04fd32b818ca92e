import type { PromRule, ProvisionedRule } from '../../api/alert-rules.js';
import { Link } from '../../app/Link.js';
import { useAlertingAccess } from './access.js';
import type { AlertIndex } from './alertIndex.js';
import { AlertInstances } from './AlertInstances.js';
import { lastEvaluationText, ruleViewUrl } from './ruleLinks.js';
import { ruleStateName } from './ruleState.js';
import { StateBadge } from './StateBadge.js';
import { DisclosureIcon } from '../../app/icons.js';

const COLUMNS = 6;

/**
 * One rule of the list and, when expanded, its alert instances below it. Change controls show
 * only for callers who may change the rule's folder, and never for a provisioned rule (its owner
 * is a file or an API client, as in Grafana).
 */
export function RuleRow({
  rule,
  stored,
  index,
  expanded,
  busy,
  onToggle,
  onPause,
  onDelete,
}: {
  rule: PromRule;
  /** the provisioning API's rule: pause flag and provenance */
  stored: ProvisionedRule | undefined;
  index: AlertIndex | undefined;
  expanded: boolean;
  busy: boolean;
  onToggle: () => void;
  onPause: (paused: boolean) => void;
  onDelete: () => void;
}) {
  const access = useAlertingAccess();
  const provisioned = Boolean(stored?.provenance);
  const paused = stored?.isPaused ?? rule.isPaused;
  const canWrite = Boolean(stored) && !provisioned && access.writeRule(rule.folderUid);
  const canDelete = Boolean(stored) && !provisioned && access.deleteRule(rule.folderUid);
  const instances = rule.alerts.length;
  return (
    <>
      <tr data-rule={rule.name} data-rule-uid={rule.uid}>
        <td>
          <StateBadge state={ruleStateName(rule)} />
        </td>
        <td>
          <Link to={ruleViewUrl(rule.uid)}>{rule.name}</Link>
          {paused && <span className="cp-badge">Paused</span>}
          {provisioned && <span className="cp-badge">Provisioned</span>}
        </td>
        <td data-health={rule.health}>
          {rule.health}
          {rule.lastError && <div className="cp-status failed">{rule.lastError}</div>}
        </td>
        <td>{lastEvaluationText(rule.lastEvaluation)}</td>
        <td>
          <button type="button" className="cp-fold" aria-expanded={expanded} onClick={onToggle}>
            <DisclosureIcon open={expanded} /> {instances} {instances === 1 ? 'instance' : 'instances'}
            <span className="visually-hidden"> of {rule.name}</span>
          </button>
        </td>
        <td className="alerting-actions">
          {canWrite && (
            <Link to={`/alerting/${encodeURIComponent(rule.uid)}/edit`} className="button">
              Edit<span className="visually-hidden"> {rule.name}</span>
            </Link>
          )}
          {canWrite && (
            <button type="button" disabled={busy} onClick={() => onPause(!paused)}>
              {paused ? 'Resume' : 'Pause'}
              <span className="visually-hidden"> {rule.name}</span>
            </button>
          )}
          {canDelete && (
            <button type="button" className="danger" disabled={busy} onClick={onDelete}>
              Delete<span className="visually-hidden"> {rule.name}</span>
            </button>
          )}
        </td>
      </tr>
      {expanded && (
        <tr className="rule-instances-row">
          <td colSpan={COLUMNS}>
            <AlertInstances alerts={rule.alerts} index={index} canSilence={access.createSilence} />
          </td>
        </tr>
      )}
    </>
  );
}
