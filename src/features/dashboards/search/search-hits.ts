import { dashboardUrl, slugify } from '../dashboard-model.js';
import type { FolderNode, FolderTree } from '../folders/folder-tree.js';
import type { IndexEntry } from './title-index.js';

/** A folder or dashboard as /api/search lists it (Grafana's hit fields, in its order). */
export interface Hit {
  id: number;
  uid: string;
  orgId: number;
  title: string;
  uri: string;
  url: string;
  slug: string;
  type: 'dash-db' | 'dash-folder';
  tags: string[];
  isStarred: boolean;
  folderId?: number;
  folderUid?: string;
  folderTitle?: string;
  folderUrl?: string;
  sortMeta: number;
}

/** What a search found, in order: folders first, then dashboards. */
export interface SearchPage {
  orgId: number;
  /** the org's folder tree the page was found in (parents, urls) */
  tree: FolderTree;
  folders: FolderNode[];
  dashboards: IndexEntry[];
  /** the caller's starred dashboard ids */
  starred: ReadonlySet<number>;
}

/** A hit's JSON text, UTF-8 encoded, around its `isStarred` value: the one field that depends on the caller. */
interface HitText {
  before: Buffer;
  after: Buffer;
}

/** Texts kept per tree; past this the tree's texts are dropped and made again as pages need them. */
const MAX_TEXTS_PER_TREE = 20_000;

const STARRED_KEY = '"isStarred":false';
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];

/**
 * Renders a search page as JSON text from each hit's cached text. Every field of a hit but
 * `isStarred` depends only on its index entry (or folder node) and the folder tree, and both are
 * replaced, never changed, when a dashboard or folder is written: the texts are kept per tree and
 * per entry object, so they need no invalidation of their own. Most of a search's time went into
 * building, serialising and collecting these objects and strings again for every request.
 */
export function createHitTexts() {
  const byTree = new WeakMap<FolderTree, Map<FolderNode | IndexEntry, HitText>>();

  /** `serialize` is the route's schema serializer for one hit, so the text is what the schema answers. */
  function textOf<Item extends FolderNode | IndexEntry>(
    page: SearchPage,
    item: Item,
    hit: (page: SearchPage, item: Item) => Hit,
    serialize: (hit: Hit) => string,
  ): HitText {
    let texts = byTree.get(page.tree);
    if (!texts) byTree.set(page.tree, (texts = new Map<FolderNode | IndexEntry, HitText>()));
    let text = texts.get(item);
    if (!text) {
      const json = serialize(hit(page, item));
      // keys are the only unescaped `"…":` in JSON text, and isStarred is written once
      const at = json.indexOf(STARRED_KEY) + STARRED_KEY.length - 'false'.length;
      text = { before: Buffer.from(json.slice(0, at)), after: Buffer.from(json.slice(at + 'false'.length)) };
      if (texts.size >= MAX_TEXTS_PER_TREE) texts.clear();
      texts.set(item, text);
    }
    return text;
  }

  return {
    /** The page as a JSON array, UTF-8 encoded: the hits' bytes copied once into the answer. */
    render(page: SearchPage, serialize: (hit: Hit) => string): Buffer {
      const pieces: Buffer[] = [OPEN];
      const add = (text: HitText, starred: boolean) => {
        if (pieces.length > 1) pieces.push(COMMA);
        pieces.push(text.before, starred ? TRUE : FALSE, text.after);
      };
      for (const folder of page.folders) add(textOf(page, folder, folderHit, serialize), false);
      for (const entry of page.dashboards)
        add(textOf(page, entry, dashboardHit, serialize), page.starred.has(entry.id));
      pieces.push(CLOSE);
      return Buffer.concat(pieces);
    },
  };
}

export type HitTexts = ReturnType<typeof createHitTexts>;

function parentFields(tree: FolderTree, parentUid: string) {
  const parent = parentUid ? tree.get(parentUid) : undefined;
  if (!parent) return {};
  return {
    folderId: parent.id,
    folderUid: parent.uid,
    folderTitle: parent.title,
    folderUrl: tree.urlOf(parent),
  };
}

/** A hit with `isStarred` false: the caller's star is set when the page is rendered. */
function hitOf(
  { orgId, tree }: SearchPage,
  item: { id: number; uid: string; title: string },
  type: Hit['type'],
  urlOf: (slug: string) => string,
  tags: readonly string[],
  parentUid: string,
): Hit {
  const slug = slugify(item.title);
  return {
    id: item.id,
    uid: item.uid,
    orgId,
    title: item.title,
    uri: `db/${slug}`,
    url: urlOf(slug),
    slug,
    type,
    tags: tags as string[],
    isStarred: false,
    ...parentFields(tree, parentUid),
    sortMeta: 0,
  };
}

const folderHit = (page: SearchPage, node: FolderNode) =>
  hitOf(page, node, 'dash-folder', () => page.tree.urlOf(node), [], node.parentUid);

const dashboardHit = (page: SearchPage, entry: IndexEntry) =>
  hitOf(page, entry, 'dash-db', (slug) => dashboardUrl(entry.uid, slug), entry.tags, entry.folderUid);
