import { useEffect } from 'react';

export const UNSAVED_MESSAGE = 'You have unsaved changes. Discard them and leave this page?';

/**
 * While `dirty`: the browser asks before unloading the page, and leaving inside the app (a link,
 * the back button) asks first; cancelling stays on the page.
 */
export function useUnsavedGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const path = location.pathname;
    const here = path + location.search;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want returnValue set to show the prompt.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        anchor.target === '_blank' ||
        anchor.hasAttribute('download')
      )
        return;
      const url = new URL(anchor.href, location.href);
      // Other sites unload the page: beforeunload asks then.
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname) return;
      if (!window.confirm(UNSAVED_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const popstate = () => {
      if (location.pathname === path) return;
      if (!window.confirm(UNSAVED_MESSAGE)) {
        history.pushState(null, '', here);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    window.addEventListener('popstate', popstate);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
      window.removeEventListener('popstate', popstate);
    };
  }, [dirty]);
}
