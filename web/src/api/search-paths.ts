// Imports nothing, so that lib/ may re-export it without an import cycle through api/dashboards.ts.

/** `/api/search` for the dashboards carrying every tag of a link. */
export function tagSearchPath(tags: string[]): string {
  const params = new URLSearchParams({ type: 'dash-db', limit: '100' });
  for (const tag of tags) params.append('tag', tag);
  return `/api/search?${params.toString()}`;
}
