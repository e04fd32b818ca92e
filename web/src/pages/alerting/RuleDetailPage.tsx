import {
  promRules,
  provisionedRule,
  ruleHistory,
  ruleNotifications,
  type PromRule,
  type ProvisionedRule,
} from '../../api/alert-rules.js';
import { ApiError } from '../../api/client.js';
import { currentAlerts } from '../../api/silences.js';
import { Link } from '../../app/Link.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { useAutoReload } from './useAutoReload.js';
import { indexAlerts, RULE_UID_LABEL } from './alertIndex.js';
import { AlertInstances } from './AlertInstances.js';
import { LabelChips } from './LabelChips.js';
import { lastEvaluationText } from './ruleLinks.js';
import { RuleNotifications } from './RuleNotifications.js';
import { ruleStateName } from './ruleState.js';
import { StateBadge } from './StateBadge.js';
import { StateTimeline } from './StateTimeline.js';

/** How far back the history and the notifications go. */
const RANGE_MS = 24 * 3600_000;

/** `/alerting/grafana/{uid}/view`: a rule's summary, state history, instances and notifications. */
export default function RuleDetailPage({ uid }: { uid: string }) {
  const access = useAlertingAccess();
  const { data, error, reload } = useLoad(async (signal) => {
    const from = Date.now() - RANGE_MS;
    const stored = await provisionedRule(uid, signal).catch((caught: unknown) => {
      if (caught instanceof ApiError && caught.status === 404) return undefined;
      throw caught;
    });
    if (!stored) return null;
    const [groups, history, notifications, alerts] = await Promise.all([
      promRules(signal, { folderUid: stored.folderUID, group: stored.ruleGroup }),
      ruleHistory(uid, from, signal),
      // the history API's permission (alert.notifications:read)
      access.readPolicies ? ruleNotifications(uid, from, signal).catch(() => undefined) : undefined,
      access.readInstances
        ? currentAlerts([`${RULE_UID_LABEL}=${JSON.stringify(uid)}`], signal).catch(() => undefined)
        : undefined,
    ]);
    const group = groups.find((g) => g.rules.some((r) => r.uid === uid));
    return {
      stored,
      group,
      rule: group?.rules.find((r) => r.uid === uid),
      history,
      notifications,
      index: alerts && indexAlerts(alerts),
    };
  });

  useAutoReload(reload);

  return (
    <div className="alerting-page">
      <h1>{data?.stored.title ?? 'Alert rule'}</h1>
      <AlertingNav current="/alerting/list" />
      {error && <div className="error-box">Could not load the rule: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data === null && <div className="error-box">No alert rule with uid {uid}.</div>}
      {data && (
        <RuleDetail
          stored={data.stored}
          rule={data.rule}
          groupPath={data.group?.file}
          canEdit={access.writeRule(data.stored.folderUID) && !data.stored.provenance}
        />
      )}
      {data && (
        <>
          <section aria-label="State history">
            <h2>State history</h2>
            <p className="muted">State changes of the rule's instances in the last 24 hours.</p>
            <StateTimeline transitions={data.history} now={Date.now()} />
          </section>
          <section aria-label="Instances">
            <h2>Instances</h2>
            <AlertInstances
              alerts={data.rule?.alerts ?? []}
              index={data.index}
              canSilence={access.createSilence}
            />
          </section>
          <section aria-label="Notifications">
            <h2>Notifications</h2>
            {data.notifications ? (
              <RuleNotifications attempts={data.notifications} />
            ) : (
              <p className="muted">You may not read the notification history.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function RuleDetail({
  stored,
  rule,
  groupPath,
  canEdit,
}: {
  stored: ProvisionedRule;
  rule: PromRule | undefined;
  groupPath: string | undefined;
  canEdit: boolean;
}) {
  const receiver = stored.notification_settings?.receiver;
  return (
    <section aria-label="Rule summary">
      <div className="alerting-toolbar">
        {rule && <StateBadge state={ruleStateName(rule)} />}
        {stored.isPaused && <span className="cp-badge">Paused</span>}
        {stored.provenance && <span className="cp-badge">Provisioned</span>}
        <div className="spacer" />
        {canEdit && (
          <Link to={`/alerting/${encodeURIComponent(stored.uid)}/edit`} className="button">
            Edit
          </Link>
        )}
      </div>
      <dl className="rule-summary">
        <dt>Folder</dt>
        <dd>{groupPath ?? stored.folderUID}</dd>
        <dt>Evaluation group</dt>
        <dd>{stored.ruleGroup}</dd>
        <dt>Health</dt>
        <dd data-health={rule?.health}>
          {rule?.health ?? 'unknown'}
          {rule?.lastError && <span className="cp-status failed"> {rule.lastError}</span>}
        </dd>
        <dt>Last evaluation</dt>
        <dd>{rule ? lastEvaluationText(rule.lastEvaluation) : 'Never'}</dd>
        <dt>Pending period</dt>
        <dd>{stored.for}</dd>
        <dt>Keep firing for</dt>
        <dd>{stored.keep_firing_for}</dd>
        <dt>Condition</dt>
        <dd>
          {stored.condition} over {stored.data.map((q) => q.refId).join(', ')}
        </dd>
        <dt>No data / error</dt>
        <dd>
          {stored.noDataState} / {stored.execErrState}
        </dd>
        <dt>Notifications</dt>
        <dd>{receiver ? `Contact point ${receiver}` : 'Through the notification policies'}</dd>
        <dt>Labels</dt>
        <dd>
          <LabelChips labels={stored.labels ?? {}} />
        </dd>
        {Object.entries(stored.annotations ?? {}).map(([name, value]) => (
          <AnnotationRow key={name} name={name} value={value} />
        ))}
      </dl>
    </section>
  );
}

function AnnotationRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{name === 'runbook_url' ? <a href={value}>{value}</a> : value}</dd>
    </>
  );
}
