import { get, query } from './client.js';

export interface NewsItem {
  title: string;
  link: string;
  date?: string;
  description: string;
  /** an http(s) picture of the item (svc takes it from og:image, enclosures, Media RSS) */
  image?: string;
}

export interface NewsFeed {
  title: string;
  items: NewsItem[];
}

/** The feed at `url`, fetched by svc (the page's CSP keeps the browser to svc's own origin). */
export const fetchNews = (url: string, signal?: AbortSignal) =>
  get<NewsFeed>(`/api/news${query({ url })}`, signal);
