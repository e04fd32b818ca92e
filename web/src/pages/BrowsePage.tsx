import { useEffect, useMemo, useState } from 'react';
import type { SearchHit } from '../api/dashboards.js';
import { dashboardTags, searchDashboards } from '../api/dashboards.js';
import { Link } from '../app/Link.js';
import { recentDashboards } from '../app/recent.js';
import { StarButton } from '../app/StarButton.js';
import { NewDashboardLinks } from '../editor/NewDashboardLinks.js';
import { DisclosureIcon, FolderIcon } from '../app/icons.js';

interface TagCount {
  term: string;
  count: number;
}

interface FolderNode {
  uid: string;
  title: string;
  url?: string;
  folders: FolderNode[];
  dashboards: SearchHit[];
}

/** Folders nest by `folderUid`; dashboards at the root go to "General" (Grafana's name for it). */
function buildTree(hits: SearchHit[]): FolderNode {
  const root: FolderNode = { uid: '', title: 'General', folders: [], dashboards: [] };
  const nodes = new Map<string, FolderNode>([['', root]]);
  for (const hit of hits) {
    if (hit.type === 'dash-folder')
      nodes.set(hit.uid, { uid: hit.uid, title: hit.title, url: hit.url, folders: [], dashboards: [] });
  }
  for (const hit of hits) {
    const parent = nodes.get(hit.folderUid ?? '') ?? root;
    if (hit.type === 'dash-folder') parent.folders.push(nodes.get(hit.uid)!);
    else parent.dashboards.push(hit);
  }
  return root;
}

export default function BrowsePage() {
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(params.get('query') ?? '');
  const [tags, setTags] = useState<string[]>(params.getAll('tag'));
  const [starred, setStarred] = useState(params.get('starred') === 'true');
  const [hits, setHits] = useState<SearchHit[]>();
  const [error, setError] = useState<string>();
  const [allTags, setAllTags] = useState<TagCount[]>([]);
  const [version, setVersion] = useState(0);
  const filtering = query !== '' || tags.length > 0 || starred;

  useEffect(() => {
    dashboardTags().then(setAllTags, () => setAllTags([]));
  }, []);

  useEffect(() => {
    const search = new URLSearchParams();
    if (query) search.set('query', query);
    for (const tag of tags) search.append('tag', tag);
    if (starred) search.set('starred', 'true');
    history.replaceState(null, '', `/dashboards${search.size ? `?${search}` : ''}`);
    if (filtering) search.set('type', 'dash-db');
    search.set('limit', '5000');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchDashboards(search, controller.signal).then(
        (result) => {
          setHits(result);
          setError(undefined);
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
        },
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, tags, starred, filtering, version]);

  const tree = useMemo(() => (hits && !filtering ? buildTree(hits) : undefined), [hits, filtering]);
  const recent = recentDashboards();
  const toggleTag = (tag: string) =>
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  return (
    <div className="browse">
      <h1>Dashboards</h1>
      <NewDashboardLinks />
      <div className="search-bar">
        <input
          type="search"
          placeholder="Search dashboards by name"
          aria-label="Search dashboards"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select
          aria-label="Filter by tag"
          value=""
          onChange={(event) => {
            if (event.target.value) toggleTag(event.target.value);
          }}
        >
          <option value="">Filter by tag</option>
          {allTags.map((tag) => (
            <option key={tag.term} value={tag.term}>
              {tag.term} ({tag.count})
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input type="checkbox" checked={starred} onChange={(event) => setStarred(event.target.checked)} />{' '}
          Starred
        </label>
      </div>
      {tags.length > 0 && (
        <div className="tag-filters">
          {tags.map((tag) => (
            <button key={tag} className="tag" onClick={() => toggleTag(tag)} title="Remove tag filter">
              {tag} ×
            </button>
          ))}
        </div>
      )}
      {!filtering && recent.length > 0 && (
        <section className="recent">
          <h2>Recently viewed</h2>
          <ul>
            {recent.map((entry) => (
              <li key={entry.uid}>
                <Link to={entry.url}>{entry.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && <div className="error-box">Search failed: {error}</div>}
      {!hits && !error && <div className="muted">Loading…</div>}
      {hits && filtering && (
        <ul className="search-results" aria-label="Search results">
          {hits.length === 0 && <li className="muted">No dashboards match.</li>}
          {hits.map((hit) => (
            <DashboardRow
              key={hit.uid}
              hit={hit}
              onTagClick={toggleTag}
              showFolder
              onStarChange={() => setVersion((v) => v + 1)}
            />
          ))}
        </ul>
      )}
      {tree && <FolderTree node={tree} depth={0} onTagClick={toggleTag} />}
    </div>
  );
}

function FolderTree({
  node,
  depth,
  onTagClick,
}: {
  node: FolderNode;
  depth: number;
  onTagClick: (tag: string) => void;
}) {
  const [open, setOpen] = useState(depth === 0 || node.uid === '');
  const empty = node.folders.length === 0 && node.dashboards.length === 0;
  return (
    <div className="folder" data-folder={node.title}>
      {depth > 0 && (
        <button className="folder-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
          <DisclosureIcon open={open} /> <FolderIcon /> {node.title}
        </button>
      )}
      {open && (
        <div className={depth > 0 ? 'folder-children' : undefined}>
          {node.folders.map((folder) => (
            <FolderTree key={folder.uid} node={folder} depth={depth + 1} onTagClick={onTagClick} />
          ))}
          <ul className="search-results">
            {node.dashboards.map((hit) => (
              <DashboardRow key={hit.uid} hit={hit} onTagClick={onTagClick} />
            ))}
          </ul>
          {empty && depth > 0 && <div className="muted">Empty folder</div>}
        </div>
      )}
    </div>
  );
}

function DashboardRow({
  hit,
  onTagClick,
  showFolder,
  onStarChange,
}: {
  hit: SearchHit;
  onTagClick: (tag: string) => void;
  showFolder?: boolean;
  onStarChange?: () => void;
}) {
  return (
    <li className="search-hit" data-uid={hit.uid}>
      <StarButton uid={hit.uid} starred={hit.isStarred} onChange={onStarChange} />
      <Link to={hit.url}>{hit.title}</Link>
      {showFolder && <span className="muted"> in {hit.folderTitle || 'General'}</span>}
      <span className="tags">
        {hit.tags.map((tag) => (
          <button key={tag} className="tag" onClick={() => onTagClick(tag)}>
            {tag}
          </button>
        ))}
      </span>
    </li>
  );
}
