import { useEffect, useState } from 'react';
import { replaceSearch } from '../../../app/router.js';
import type { PageParams } from '../../../api/paging.js';
import { useLoad, type Loaded } from '../../../app/useLoad.js';

/** Rows a list page asks for at a time. */
export const PER_PAGE = 30;

interface ListQuery {
  query: string;
  debounced: string;
  page: number;
  setQuery: (query: string) => void;
  setPage: (page: number) => void;
}

/**
 * A list page's search text and page, kept in the URL (`?query=…&page=…`) so a reload or a shared
 * link shows the same page. `debounced` trails the typed text so each keystroke is not a request.
 */
function useListQuery(): ListQuery {
  const initial = new URLSearchParams(location.search);
  const [query, setQueryState] = useState(initial.get('query') ?? '');
  const [debounced, setDebounced] = useState(query);
  const [page, setPage] = useState(Math.max(1, Number(initial.get('page')) || 1));

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), 200);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (debounced) search.set('query', debounced);
    else search.delete('query');
    if (page > 1) search.set('page', String(page));
    else search.delete('page');
    replaceSearch(search);
  }, [debounced, page]);

  const setQuery = (text: string) => {
    setQueryState(text);
    setPage(1);
  };
  return { query, debounced, page, setQuery, setPage };
}

/**
 * The page of a search call (one of the api modules' `search…`) that the URL's search text and
 * page ask for; nothing is asked while `search` is undefined (the caller may not list).
 */
export function useSearchPage<T>(
  search: ((page: PageParams, signal: AbortSignal) => Promise<T>) | undefined,
): ListQuery & { list: Loaded<T> } {
  const listQuery = useListQuery();
  const { debounced, page } = listQuery;
  const list = useLoad<T>(
    search === undefined
      ? undefined
      : (signal) => search({ query: debounced, perPage: PER_PAGE, page }, signal),
    [search, debounced, page],
  );
  return { ...listQuery, list };
}
