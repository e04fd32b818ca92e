import { Type } from 'typebox';

export const NewsQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'the RSS 2.0 or Atom feed, http(s)' }),
});

export const NewsItem = Type.Object({
  title: Type.String(),
  link: Type.String(),
  /** ISO 8601, when the item has a date that parses */
  date: Type.Optional(Type.String()),
  /** the description or summary as plain text (markup removed), shortened */
  description: Type.String(),
  /** an http(s) picture of the item: og:image meta, image enclosure, media:content or media:thumbnail */
  image: Type.Optional(Type.String()),
});

export const NewsFeed = Type.Object({
  title: Type.String(),
  items: Type.Array(NewsItem),
});
