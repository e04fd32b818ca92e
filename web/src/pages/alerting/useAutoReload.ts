import { useEffect } from 'react';

/** How often pages of changing alert state ask again, as Grafana's rule list does on its own. */
export const STATE_REFRESH_MS = 15_000;

/** Calls `reload` every `ms` while the page is shown and the tab visible. */
export function useAutoReload(reload: () => void, ms = STATE_REFRESH_MS): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, ms);
    return () => clearInterval(timer);
  }, [reload, ms]);
}
