import { readFile } from 'node:fs/promises';

/** Grafana's built-in home dashboard (welcome text, dashboard list, blog news). */
const BUILT_IN_HOME = {
  annotations: { list: [] },
  editable: true,
  graphTooltip: 0,
  links: [],
  panels: [
    {
      gridPos: { h: 3, w: 24, x: 0, y: 0 },
      id: 1,
      options: {
        content: '<div class="text-center dashboard-header"><span>Home Dashboard</span></div>',
        mode: 'html',
      },
      transparent: true,
      type: 'text',
    },
    {
      gridPos: { h: 15, w: 12, x: 0, y: 12 },
      id: 2,
      options: {
        showHeadings: true,
        showRecentlyViewed: true,
        showSearch: false,
        showStarred: true,
        maxItems: 30,
        query: '',
        tags: [],
      },
      title: 'Dashboards',
      type: 'dashlist',
    },
    {
      gridPos: { h: 15, w: 12, x: 12, y: 12 },
      id: 3,
      options: { feedUrl: 'https://grafana.com/blog/news.xml', showImage: true },
      title: 'Latest from the blog',
      type: 'news',
    },
  ],
  refresh: '',
  schemaVersion: 39,
  tags: [],
  templating: { list: [] },
  time: { from: 'now-6h', to: 'now' },
  timepicker: { hidden: true, refresh_intervals: [], time_options: [], type: 'timepicker' },
  timezone: 'browser',
  title: 'Home',
  uid: null,
  version: 0,
};

/** The home model as text: `[dashboards] default_home_dashboard_path` when set, else the built-in one. */
export async function loadHomeModel(path: string): Promise<string> {
  if (!path) return JSON.stringify(BUILT_IN_HOME);
  const text = await readFile(path, 'utf8');
  // Parsing once checks the file is JSON; a broken file must not produce a broken response.
  return JSON.stringify(JSON.parse(text));
}
