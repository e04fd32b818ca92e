/**
 * The picture of a feed item, for the news panel's "Show image": Grafana's news panel takes the
 * item's `<meta property="og:image">` (as Grafana's blog feed carries it); the common feed forms
 * are taken too: an RSS `<enclosure type="image/…">`, Media RSS `media:content` (an image) and
 * `media:thumbnail` (also inside `media:group`), an Atom `<link rel="enclosure" type="image/…">`.
 * Only http(s) URLs: the panel puts it in an `<img src>`.
 */

type Node = Record<string, unknown>;

const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is Node => !!v && typeof v === 'object');

const attribute = (node: Node, name: string): string => {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : '';
};

const isImage = (node: Node, typeOf = 'type') => attribute(node, typeOf).toLowerCase().startsWith('image/');

/** Media RSS: `medium="image"` or an image type; with neither, a URL is taken as an image. */
const isMediaImage = (node: Node) => {
  const medium = attribute(node, 'medium').toLowerCase();
  const type = attribute(node, 'type');
  return medium ? medium === 'image' : !type || isImage(node);
};

function webUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The first http(s) image URL the item names, in Grafana's order of preference (og:image first). */
export function itemImage(item: Node): string | undefined {
  // (namespace prefixes are removed by the parser: media:content is `content`, media:group `group`)
  const media = [item, ...list(item.group)];
  const candidates = [
    ...list(item.meta)
      .filter((m) => attribute(m, 'property') === 'og:image')
      .map((m) => attribute(m, 'content')),
    ...list(item.enclosure)
      .filter((e) => isImage(e))
      .map((e) => attribute(e, 'url')),
    ...list(item.link)
      .filter((l) => attribute(l, 'rel') === 'enclosure' && isImage(l))
      .map((l) => attribute(l, 'href')),
    ...media.flatMap((m) =>
      list(m.content)
        .filter((c) => attribute(c, 'url') && isMediaImage(c))
        .map((c) => attribute(c, 'url')),
    ),
    ...media.flatMap((m) => list(m.thumbnail).map((t) => attribute(t, 'url'))),
  ];
  for (const candidate of candidates) {
    const url = candidate && webUrl(candidate);
    if (url) return url;
  }
  return undefined;
}
