import { Link } from '../../app/Link.js';
import { useAlertingAccess } from './access.js';
import './alerting.css';
import './rules.css';

const TABS = [
  { to: '/alerting/list', label: 'Alert rules', needs: 'readRules' },
  { to: '/alerting/notifications', label: 'Contact points', needs: 'readReceivers' },
  { to: '/alerting/notifications/templates', label: 'Notification templates', needs: 'readTemplates' },
  { to: '/alerting/routes', label: 'Notification policies', needs: 'readPolicies' },
  { to: '/alerting/mute-timings', label: 'Mute timings', needs: 'readMuteTimings' },
  { to: '/alerting/silences', label: 'Silences', needs: 'readSilences' },
  { to: '/alerting/groups', label: 'Alert groups', needs: 'readInstances' },
] as const;

/** The tabs of the alerting area, those the caller may read. */
export function AlertingNav({ current }: { current: string }) {
  const access = useAlertingAccess();
  return (
    <nav className="alerting-nav" aria-label="Alerting">
      {TABS.filter((tab) => access[tab.needs]).map((tab) => (
        <Link key={tab.to} to={tab.to} className={tab.to === current ? 'active' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
