import { useEffect, useState } from 'react';
import { fetchNews, type NewsFeed } from '../api/news.js';
import { formatDateTime } from '../lib/time.js';
import type { PanelProps } from './types.js';
import './panels-more.css';

/** Grafana's news panel reads Grafana's blog when no feed is set. */
const DEFAULT_FEED = 'https://grafana.com/blog/news.xml';

type State = { feed: NewsFeed } | { error: string } | undefined;

/** Grafana's news panel: an RSS or Atom feed's items, fetched through svc's /api/news. */
export default function NewsPanel({ panel, height, timeZone }: PanelProps) {
  const options = (panel.options ?? {}) as { feedUrl?: string };
  const url = options.feedUrl?.trim() || DEFAULT_FEED;
  const [state, setState] = useState<State>();

  useEffect(() => {
    const controller = new AbortController();
    setState(undefined);
    fetchNews(url, controller.signal).then(
      (feed) => setState({ feed }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [url]);

  if (!state) return <div className="panel-empty">Loading feed…</div>;
  if ('error' in state)
    return (
      <div className="panel-empty news-unreachable" role="alert" data-testid="news-unreachable">
        {/^Feed unreachable/.test(state.error) ? state.error : `Feed unreachable: ${state.error}`}
      </div>
    );
  if (state.feed.items.length === 0) return <div className="panel-empty">The feed has no items</div>;
  return (
    <div className="news-panel" style={{ height }}>
      {state.feed.items.map((item, i) => (
        <article key={i} className="news-item" data-testid="news-item">
          {item.date && <time dateTime={item.date}>{formatDateTime(Date.parse(item.date), timeZone)}</time>}
          {/^https?:\/\//.test(item.link) ? (
            <a href={item.link} target="_blank" rel="noopener noreferrer">
              {item.title || item.link}
            </a>
          ) : (
            <strong>{item.title}</strong>
          )}
          {item.description && <p>{item.description}</p>}
        </article>
      ))}
    </div>
  );
}
