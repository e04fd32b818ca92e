import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { itemImage } from './feed-image.js';

export interface FeedItem {
  title: string;
  link: string;
  date?: string;
  description: string;
  /** an http(s) picture of the item, for the panel's "Show image" */
  image?: string;
}

export interface Feed {
  title: string;
  items: FeedItem[];
}

/** Grafana's news panel shows a short teaser, not the article. */
const DESCRIPTION_CHARS = 400;
const MAX_ITEMS = 50;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // `content:encoded`, `atom:link`, `rdf:RDF`: the local name is what matters here
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

/** RSS 2.0 (and 0.9x/1.0) or Atom items; undefined when the text is not XML or not a feed. */
export function parseFeed(xml: string): Feed | undefined {
  if (XMLValidator.validate(xml) !== true) return undefined;
  const root = parser.parse(xml) as Node;
  const rss = (root.rss as Node | undefined)?.channel as Node | undefined;
  const rdf = root.RDF as Node | undefined;
  const atom = root.feed as Node | undefined;
  if (rss || rdf) {
    const channel = rss ?? (rdf?.channel as Node | undefined) ?? {};
    const items = ((rss?.item ?? rdf?.item) as Node[] | undefined) ?? [];
    return {
      title: text(channel.title),
      items: items.slice(0, MAX_ITEMS).map((item) => ({
        title: text(item.title),
        link: text(firstOf(item.link)),
        ...isoDate(text(item.pubDate) || text(item.date)),
        description: plain(text(item.description) || text(item.encoded)),
        ...optionalImage(item),
      })),
    };
  }
  if (atom) {
    const entries = (atom.entry as Node[] | undefined) ?? [];
    return {
      title: text(atom.title),
      items: entries.slice(0, MAX_ITEMS).map((entry) => ({
        title: plain(text(entry.title)),
        link: atomLink(entry.link as Node[] | undefined),
        ...isoDate(text(entry.updated) || text(entry.published)),
        description: plain(text(entry.summary) || text(atomContent(entry.content))),
        ...optionalImage(entry),
      })),
    };
  }
  return undefined;
}

function optionalImage(item: Node): { image?: string } {
  const image = itemImage(item);
  return image ? { image } : {};
}

/** Atom's `content`, which shares its local name with a `media:content` beside it. */
function atomContent(value: unknown): unknown {
  return Array.isArray(value) ? value.find((v) => text(v) !== '') : value;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** An element's text, whether it came as a string or as an object with attributes. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  return '';
}

/** Atom: the `alternate` link (a link without `rel` is one), else the first. */
function atomLink(links: Node[] | undefined): string {
  const list = links ?? [];
  const alternate = list.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate') ?? list[0];
  const href = alternate?.['@_href'];
  return typeof href === 'string' ? href : text(alternate);
}

function isoDate(value: string): { date?: string } {
  const time = Date.parse(value);
  return Number.isNaN(time) ? {} : { date: new Date(time).toISOString() };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const character = (code: number) =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';

/** Descriptions are often HTML (escaped or CDATA): the panel shows text, so tags go. */
function plain(html: string): string {
  const stripped = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return character(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return character(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return stripped.length > DESCRIPTION_CHARS ? `${stripped.slice(0, DESCRIPTION_CHARS - 1)}…` : stripped;
}
