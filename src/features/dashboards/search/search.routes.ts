import { Type } from 'typebox';
import type { Api } from '../../../http/api.js';
import { identityOf } from '../../../access/identity.js';
import { Count } from '../../../lib/limits.js';
import { badSort, searchFailed } from './search.errors.js';
import type { Hit, HitTexts } from './search-hits.js';
import type { SearchService } from './search.service.js';

const StringOrList = Type.Union([Type.String(), Type.Array(Type.String())]);

const SearchQuery = Type.Object({
  query: Type.Optional(Type.String()),
  tag: Type.Optional(StringOrList),
  type: Type.Optional(Type.String()),
  dashboardUIDs: Type.Optional(StringOrList),
  folderUIDs: Type.Optional(StringOrList),
  starred: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Count()),
  page: Type.Optional(Count()),
  sort: Type.Optional(Type.String()),
  permission: Type.Optional(Type.String()),
});

/** A folder or dashboard found; the folder fields name its parent folder (none at the root). */
const SearchHit = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgId: Type.Integer(),
  title: Type.String(),
  uri: Type.String(),
  url: Type.String(),
  slug: Type.String(),
  type: Type.Union([Type.Literal('dash-db'), Type.Literal('dash-folder')]),
  tags: Type.Array(Type.String()),
  isStarred: Type.Boolean(),
  folderId: Type.Optional(Type.Integer()),
  folderUid: Type.Optional(Type.String()),
  folderTitle: Type.Optional(Type.String()),
  folderUrl: Type.Optional(Type.String()),
  sortMeta: Type.Integer(),
});

const SearchResponse = Type.Array(SearchHit);

const DEFAULT_SEARCH_LIMIT = 1000;
const MAX_SEARCH_LIMIT = 5000;

/** Repeated parameters, and Grafana's comma-separated lists. */
const list = (value: string | string[] | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);

/** GET /api/search. */
export function registerSearchRoutes(api: Api, search: SearchService, hitTexts: HitTexts): void {
  // The answer is JSON text made from each hit's cached text (search-hits.ts). A hit's text is
  // made by this route's serializer, so it is what the schema answers and is checked like any
  // answer under SVC_CHECK_RESPONSES; bytes with a JSON content type are sent as they are.
  api.get(
    '/api/search',
    { schema: { querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (request, reply) => {
      const q = request.query;
      // Grafana compat: an unknown type fails the search (G12: 500 "Search failed").
      if (q.type !== undefined && q.type !== '' && q.type !== 'dash-db' && q.type !== 'dash-folder')
        throw searchFailed();
      if (q.sort !== undefined && q.sort !== '' && q.sort !== 'alpha-asc' && q.sort !== 'alpha-desc')
        throw badSort();
      const page = await search.search(identityOf(request), {
        query: q.query,
        tags: list(q.tag) ?? [],
        type: q.type === 'dash-db' || q.type === 'dash-folder' ? q.type : undefined,
        dashboardUids: list(q.dashboardUIDs),
        folderUids: list(q.folderUIDs),
        starred: q.starred === true,
        limit: q.limit && q.limit > 0 ? Math.min(q.limit, MAX_SEARCH_LIMIT) : DEFAULT_SEARCH_LIMIT,
        page: q.page && q.page > 0 ? q.page : 1,
        descending: q.sort === 'alpha-desc',
        edit: q.permission?.toLowerCase() === 'edit',
      });
      const serializeHit = (hit: Hit) => (reply.serialize([hit]) as string).slice(1, -1);
      return reply.type('application/json; charset=utf-8').send(hitTexts.render(page, serializeHit) as never);
    },
  );
}
