import type { Api } from '../../http/api.js';
import type { EgressGuard } from '../datasources/plugins/index.js';
import { fetchFeed } from './feed-fetch.js';
import { parseFeed } from './feed-parse.js';
import { feedUnavailable, feedUrlInvalid } from './news.errors.js';
import { NewsFeed, NewsQuery } from './news.schema.js';

/** Any signed-in user may read a feed: it is public content, and the panel is on their dashboard. */
export function registerNewsRoutes(api: Api, egress: EgressGuard): void {
  api.get(
    '/api/news',
    { schema: { querystring: NewsQuery, response: { 200: NewsFeed } } },
    async (request) => {
      const url = feedUrl(request.query.url);
      const xml = await fetchFeed(url, egress);
      const feed = parseFeed(xml);
      if (!feed) throw feedUnavailable(`Feed unreachable: ${url.href} is not an RSS or Atom feed`);
      return feed;
    },
  );
}

function feedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw feedUrlInvalid(`Invalid feed URL "${text}": not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw feedUrlInvalid(`Invalid feed URL "${text}": it must start with http:// or https://`);
  if (url.username || url.password)
    throw feedUrlInvalid(`Invalid feed URL "${url.host}": credentials in the URL are not allowed`);
  return url;
}
