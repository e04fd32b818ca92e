/** Recently viewed dashboards, kept in the browser (Grafana keeps them in localStorage too). */

const KEY = 'svc.recentlyViewed';
const LIMIT = 10;

interface RecentDashboard {
  uid: string;
  title: string;
  url: string;
}

export function recentDashboards(): RecentDashboard[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentDashboard[]) : [];
  } catch {
    return [];
  }
}

export function rememberDashboard(entry: RecentDashboard): void {
  const list = [entry, ...recentDashboards().filter((d) => d.uid !== entry.uid)].slice(0, LIMIT);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: recent list is a convenience only
  }
}
