import { useState } from 'react';
import {
  deleteRule,
  promRules,
  provisionedRules,
  setRulePaused,
  type PromRule,
} from '../../api/alert-rules.js';
import { contactPoints } from '../../api/alerting.js';
import { errorText } from '../../api/client.js';
import { currentAlerts } from '../../api/silences.js';
import { Modal } from '../../app/Modal.js';
import { replaceSearch, useLocation } from '../../app/router.js';
import { useLoad } from '../../app/useLoad.js';
import { useAlertingAccess } from './access.js';
import { AlertingNav } from './AlertingNav.js';
import { indexAlerts } from './alertIndex.js';
import { ListToolbar } from './ListToolbar.js';
import { RuleFilters } from './RuleFilters.js';
import { RuleRow } from './RuleRow.js';
import { byFolder, filterFromSearch, filterGroups, searchOfFilter, type RuleFilter } from './rulesFilter.js';
import { useAutoReload } from './useAutoReload.js';

/** `/alerting/list`: rules by folder and group, with their state, instances and controls. */
export default function RulesListPage() {
  const access = useAlertingAccess();
  const { data, error, reload } = useLoad(async (signal) => {
    const [groups, stored, alerts, points] = await Promise.all([
      promRules(signal),
      provisionedRules(signal),
      // Extras the page does without when the caller may not read them.
      access.readInstances ? currentAlerts([], signal).catch(() => undefined) : undefined,
      access.readReceivers ? contactPoints().catch(() => undefined) : undefined,
    ]);
    return {
      groups,
      stored: new Map(stored.map((rule) => [rule.uid, rule])),
      // without alert.instances:read nothing is known to be silenced or routed anywhere
      index: indexAlerts(alerts ?? []),
      contactPoints: points?.map((p) => p.name),
    };
  });
  useAutoReload(reload);
  const { search } = useLocation();
  const [filter, setFilter] = useState<RuleFilter>(() => filterFromSearch(search));
  const changeFilter = (next: RuleFilter) => {
    setFilter(next);
    replaceSearch(searchOfFilter(next));
  };
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<PromRule>();
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string }>();

  const act = async (rule: PromRule, work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(rule.uid);
    setMessage(undefined);
    try {
      await work();
      setMessage({ kind: 'info', text: done });
    } catch (caught) {
      setMessage({ kind: 'error', text: `${failed}: ${errorText(caught)}` });
    } finally {
      setBusy(undefined);
      reload();
    }
  };

  const toggle = (uid: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });

  const shown =
    data &&
    byFolder(
      filterGroups(data.groups, filter, (uid) =>
        data.index.routingOf(uid, data.stored.get(uid)?.notification_settings?.receiver),
      ),
    );
  const total = data?.groups.reduce((n, group) => n + group.rules.length, 0) ?? 0;

  return (
    <div className="alerting-page">
      <h1>Alert rules</h1>
      <AlertingNav current="/alerting/list" />
      <ListToolbar add={access.createRule && { to: '/alerting/new', label: 'New alert rule' }}>
        Rules by folder and evaluation group, with the state of their alert instances.
      </ListToolbar>
      {data && <RuleFilters filter={filter} contactPoints={data.contactPoints} onChange={changeFilter} />}
      {message && (
        <div className={message.kind === 'error' ? 'error-box' : 'info-box'} role="alert">
          {message.text}
        </div>
      )}
      {error && <div className="error-box">Could not load the alert rules: {error}</div>}
      {!data && !error && <p>Loading…</p>}
      {data && total === 0 && <p>No alert rules yet.</p>}
      {shown && total > 0 && shown.length === 0 && <p>No rules match the filters.</p>}
      {data &&
        shown?.map((folder) => (
          <section key={folder.folderUid} className="rule-folder" aria-label={`Folder ${folder.folder}`}>
            <h2>{folder.folder}</h2>
            {folder.groups.map((group) => (
              <section key={group.name} className="rule-group" aria-label={`Group ${group.name}`}>
                <h3>
                  {group.name} <span className="muted">every {group.interval}s</span>
                </h3>
                <table className="alerting-table">
                  <thead>
                    <tr>
                      <th>State</th>
                      <th>Name</th>
                      <th>Health</th>
                      <th>Last evaluation</th>
                      <th>Instances</th>
                      <th>Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.rules.map((rule) => (
                      <RuleRow
                        key={rule.uid}
                        rule={rule}
                        stored={data.stored.get(rule.uid)}
                        index={data.index}
                        expanded={expanded.has(rule.uid)}
                        busy={busy === rule.uid}
                        onToggle={() => toggle(rule.uid)}
                        onPause={(paused) =>
                          void act(
                            rule,
                            () => setRulePaused(rule.uid, paused),
                            `Rule "${rule.name}" ${paused ? 'paused' : 'resumed'}.`,
                            `Could not ${paused ? 'pause' : 'resume'} "${rule.name}"`,
                          )
                        }
                        onDelete={() => setDeleting(rule)}
                      />
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </section>
        ))}
      {deleting && (
        <Modal title="Delete alert rule" onClose={() => setDeleting(undefined)}>
          <p>
            Delete the rule <strong>{deleting.name}</strong>? Its alert instances and their state go with it.
          </p>
          <div className="cp-form-actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                const rule = deleting;
                setDeleting(undefined);
                void act(
                  rule,
                  () => deleteRule(rule.uid),
                  `Rule "${rule.name}" deleted.`,
                  `Could not delete "${rule.name}"`,
                );
              }}
            >
              Delete rule
            </button>
            <button type="button" onClick={() => setDeleting(undefined)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
