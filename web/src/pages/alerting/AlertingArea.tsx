import type { ReactElement } from 'react';
import { useAlertingAccess, type AlertingAccess } from './access.js';
import ContactPointEditor from './ContactPointEditor.js';
import ContactPointsPage from './ContactPointsPage.js';
import AlertGroupsPage from './AlertGroupsPage.js';
import MuteTimingEditor from './MuteTimingEditor.js';
import MuteTimingsPage from './MuteTimingsPage.js';
import PoliciesPage from './PoliciesPage.js';
import RuleEditorPage from './rule-editor/RuleEditorPage.js';
import RuleDetailPage from './RuleDetailPage.js';
import SilenceEditor from './SilenceEditor.js';
import SilencesPage from './SilencesPage.js';
import RulesListPage from './RulesListPage.js';
import TemplateEditor from './TemplateEditor.js';
import TemplatesPage from './TemplatesPage.js';

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** The page for a path under /alerting, and the read permission it needs. */
function route(path: string): { page: ReactElement; needs: keyof AlertingAccess } | undefined {
  const clean = path.replace(/\/+$/, '');
  if (clean === '/alerting' || clean === '/alerting/notifications') {
    return { page: <ContactPointsPage />, needs: 'readReceivers' };
  }
  if (clean === '/alerting/notifications/receivers/new') {
    return { page: <ContactPointEditor />, needs: 'readReceivers' };
  }
  const receiver = /^\/alerting\/notifications\/receivers\/([^/]+)\/edit$/.exec(clean);
  if (receiver) {
    const id = decode(receiver[1]!);
    return { page: <ContactPointEditor key={id} id={id} />, needs: 'readReceivers' };
  }
  if (clean === '/alerting/notifications/templates')
    return { page: <TemplatesPage />, needs: 'readTemplates' };
  if (clean === '/alerting/notifications/templates/new') {
    return { page: <TemplateEditor />, needs: 'readTemplates' };
  }
  const template = /^\/alerting\/notifications\/templates\/([^/]+)\/edit$/.exec(clean);
  if (template) {
    const name = decode(template[1]!);
    return { page: <TemplateEditor key={name} name={name} />, needs: 'readTemplates' };
  }
  if (clean === '/alerting/routes') return { page: <PoliciesPage />, needs: 'readPolicies' };
  if (clean === '/alerting/new') return { page: <RuleEditorPage />, needs: 'readRules' };
  const rule = /^\/alerting\/([^/]+)\/edit$/.exec(clean);
  if (rule) return { page: <RuleEditorPage key={rule[1]} uid={decode(rule[1]!)} />, needs: 'readRules' };
  if (clean === '/alerting/list') return { page: <RulesListPage />, needs: 'readRules' };
  const viewed = /^\/alerting\/grafana\/([^/]+)\/view$/.exec(clean);
  if (viewed) {
    const uid = decode(viewed[1]!);
    return { page: <RuleDetailPage key={uid} uid={uid} />, needs: 'readRules' };
  }
  if (clean === '/alerting/silences') return { page: <SilencesPage />, needs: 'readSilences' };
  if (clean === '/alerting/silence/new') return { page: <SilenceEditor />, needs: 'readSilences' };
  const silenced = /^\/alerting\/silence\/([^/]+)\/edit$/.exec(clean);
  if (silenced) {
    const id = decode(silenced[1]!);
    return { page: <SilenceEditor key={id} id={id} />, needs: 'readSilences' };
  }
  if (clean === '/alerting/mute-timings') return { page: <MuteTimingsPage />, needs: 'readMuteTimings' };
  if (clean === '/alerting/mute-timings/new') return { page: <MuteTimingEditor />, needs: 'readMuteTimings' };
  const timing = /^\/alerting\/mute-timings\/([^/]+)\/edit$/.exec(clean);
  if (timing) {
    const name = decode(timing[1]!);
    return { page: <MuteTimingEditor key={name} name={name} />, needs: 'readMuteTimings' };
  }
  if (clean === '/alerting/groups') return { page: <AlertGroupsPage />, needs: 'readInstances' };
  return undefined;
}

/** Alerting (/alerting): contact points, notification templates and notification policies. */
export default function AlertingArea({ path }: { path: string }) {
  const access = useAlertingAccess();
  const found = route(path);
  if (!found) {
    return (
      <div className="page-error">
        <h2>Page not found</h2>
        <p>
          Nothing lives at <code>{path}</code>. <a href="/">Go home</a>
        </p>
      </div>
    );
  }
  if (!access[found.needs]) {
    return (
      <div className="page-error">
        <h2>Access denied</h2>
        <p>You do not have permission to see this page.</p>
      </div>
    );
  }
  return found.page;
}
