import { useEffect, useState } from 'react';
import { searchDashboards } from '../api/dashboards.js';
import { Link } from '../app/Link.js';
import { recentDashboards } from '../app/recent.js';
import type { PanelProps } from './types.js';

interface Options {
  showStarred?: boolean;
  showRecentlyViewed?: boolean;
  showSearch?: boolean;
  showHeadings?: boolean;
  maxItems?: number;
  query?: string;
  tags?: string[];
}

interface Section {
  title: string;
  items: { uid: string; title: string; url: string }[];
}

/** Grafana's dashboard list: starred, recently viewed and search results. */
export default function DashListPanel({ panel }: PanelProps) {
  const options = (panel.options ?? {}) as Options;
  const [sections, setSections] = useState<Section[]>();
  const key = JSON.stringify(options);

  useEffect(() => {
    const limit = options.maxItems ?? 10;
    const wanted: Promise<Section>[] = [];
    if (options.showStarred !== false) {
      wanted.push(
        searchDashboards(
          new URLSearchParams({ starred: 'true', type: 'dash-db', limit: String(limit) }),
        ).then((items) => ({
          title: 'Starred dashboards',
          items,
        })),
      );
    }
    if (options.showRecentlyViewed) {
      wanted.push(
        Promise.resolve({ title: 'Recently viewed dashboards', items: recentDashboards().slice(0, limit) }),
      );
    }
    if (options.showSearch) {
      const search = new URLSearchParams({
        type: 'dash-db',
        limit: String(limit),
        query: options.query ?? '',
      });
      for (const tag of options.tags ?? []) search.append('tag', tag);
      wanted.push(searchDashboards(search).then((items) => ({ title: 'Search', items })));
    }
    let live = true;
    Promise.all(wanted).then(
      (result) => live && setSections(result),
      () => live && setSections([]),
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (!sections) return null;
  return (
    <div className="dashlist">
      {sections.map((section) => (
        <section key={section.title}>
          {options.showHeadings !== false && <h3>{section.title}</h3>}
          {section.items.length === 0 ? (
            <div className="muted">None</div>
          ) : (
            <ul>
              {section.items.map((item) => (
                <li key={item.uid}>
                  <Link to={item.url}>{item.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
