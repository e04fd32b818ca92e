import { useEffect, useState } from 'react';

/** A tiny history router: the app has a handful of routes and needs no library for them. */

const listeners = new Set<() => void>();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  listeners.forEach((listener) => listener());
}

export function useLocation(): { path: string; search: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const update = () => setVersion((v) => v + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { path: location.pathname, search: new URLSearchParams(location.search) };
}

/** Replaces the query string without a history entry (time range and variables in the URL). */
export function replaceSearch(search: URLSearchParams): void {
  const text = search.toString();
  const to = location.pathname + (text ? `?${text}` : '');
  if (to !== location.pathname + location.search) history.replaceState(null, '', to);
}

/** Link that navigates inside the app without a page load. */
export function onLinkClick(
  event: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; button: number },
  to: string,
): void {
  if (event.metaKey || event.ctrlKey || event.button !== 0) return;
  event.preventDefault();
  navigate(to);
}
