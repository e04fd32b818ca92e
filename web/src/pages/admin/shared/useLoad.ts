import { useCallback, useEffect, useState } from 'react';
import { get } from '../../../app/api.js';
import { messageOf } from './errors.js';

export interface Loaded<T> {
  data?: T;
  error?: string;
  /** fetches the same path again (after a change) */
  reload: () => void;
}

/**
 * GETs `path` (nothing while it is undefined), again on `reload()` or when the path changes. The
 * last data stays shown while the next answer loads, so a reload after an edit does not flicker.
 */
export function useLoad<T>(path: string | undefined): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (path === undefined) return;
    const controller = new AbortController();
    get<T>(path, controller.signal).then(
      (result) => {
        setData(result);
        setError(undefined);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(caught));
      },
    );
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
