import { Type } from 'typebox';
import { Count } from '../lib/limits.js';

/** Grafana's paging query: `perpage` (default 1000; 0 or less means the default) and `page` (1-based). */
export const PagingQuery = {
  perpage: Type.Optional(Count()),
  page: Type.Optional(Count()),
};

export function paging(query: { perpage?: number; page?: number }): { perPage: number; page: number } {
  const perPage = query.perpage && query.perpage > 0 ? Math.min(query.perpage, 5000) : 1000;
  const page = query.page && query.page > 0 ? query.page : 1;
  return { perPage, page };
}
