import { useEffect, useState } from 'react';
import type { SearchHit } from '../api/dashboards.js';
import { searchByTags } from '../api/dashboards.js';
import { linkUrl, type DashboardLink, type LinkState } from '../lib/dashboard-links.js';
import { interpolate, type ScopedVars } from '../lib/variables.js';
import './dashboard.css';
import { ChevronDownIcon } from '../app/icons.js';

/** The links above the panels: plain links, and dashboards found by tag (inline or in a dropdown). */
export function DashboardLinks({
  links,
  state,
  vars,
  currentUid,
}: {
  links: DashboardLink[];
  state: LinkState;
  vars: ScopedVars;
  currentUid: string;
}) {
  if (links.length === 0) return null;
  return (
    <nav className="dashboard-links" aria-label="Dashboard links">
      {links.map((link, i) =>
        link.type === 'dashboards' ? (
          <TaggedDashboards key={i} link={link} state={state} currentUid={currentUid} />
        ) : link.url ? (
          <a
            key={i}
            href={linkUrl(interpolate(link.url, vars), link, state)}
            title={link.tooltip}
            target={link.targetBlank ? '_blank' : undefined}
            rel="noreferrer"
          >
            {interpolate(link.title || link.url, vars)}
          </a>
        ) : null,
      )}
    </nav>
  );
}

function TaggedDashboards({
  link,
  state,
  currentUid,
}: {
  link: DashboardLink;
  state: LinkState;
  currentUid: string;
}) {
  const [hits, setHits] = useState<SearchHit[]>();
  const [open, setOpen] = useState(false);
  const tagsKey = JSON.stringify(link.tags ?? []);

  useEffect(() => {
    const controller = new AbortController();
    searchByTags(link.tags ?? [], controller.signal).then(
      (list) => setHits(list.filter((hit) => hit.type === 'dash-db' && hit.uid !== currentUid)),
      () => setHits([]),
    );
    return () => controller.abort();
  }, [tagsKey, currentUid]);

  const anchors = (hits ?? []).map((hit) => (
    <a
      key={hit.uid}
      role={link.asDropdown ? 'menuitem' : undefined}
      href={linkUrl(hit.url, link, state)}
      target={link.targetBlank ? '_blank' : undefined}
      rel="noreferrer"
    >
      {hit.title}
    </a>
  ));
  if (!link.asDropdown) return <>{anchors}</>;
  const title = link.title || 'Dashboards';
  return (
    <div className="dashboard-links-dropdown">
      <button aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen(!open)}>
        {title} <ChevronDownIcon />
      </button>
      {open && (
        <div className="dashboard-links-menu" role="menu" aria-label={title}>
          {hits === undefined ? (
            <span className="muted">Loading…</span>
          ) : anchors.length === 0 ? (
            <span className="muted">No dashboards found</span>
          ) : (
            anchors
          )}
        </div>
      )}
    </div>
  );
}
