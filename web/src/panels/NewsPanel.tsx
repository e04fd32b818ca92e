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
  const options = (panel.options ?? {}) as { feedUrl?: string; showImage?: boolean };
  // Grafana's default: pictures shown
  const showImage = options.showImage !== false;
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
      {state.feed.items.map((item, i) => {
        const linked = /^https?:\/\//.test(item.link);
        const image = showImage && item.image && (
          <img src={item.image} alt={item.title} data-testid="news-image" />
        );
        return (
          <article
            key={i}
            className={`news-item${image ? ' news-item-with-image' : ''}`}
            data-testid="news-item"
          >
            {image &&
              (linked ? (
                // As in Grafana: the picture links to the article too, out of the Tab order and
                // hidden from screen readers (the title link says the same).
                <a
                  className="news-image"
                  href={item.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={-1}
                  aria-hidden
                >
                  {image}
                </a>
              ) : (
                <span className="news-image">{image}</span>
              ))}
            <div className="news-body">
              {item.date && (
                <time dateTime={item.date}>{formatDateTime(Date.parse(item.date), timeZone)}</time>
              )}
              {linked ? (
                <a className="news-title" href={item.link} target="_blank" rel="noopener noreferrer">
                  {item.title || item.link}
                </a>
              ) : (
                <strong>{item.title}</strong>
              )}
              {item.description && <p>{item.description}</p>}
            </div>
          </article>
        );
      })}
    </div>
  );
}
