import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { errorText } from '../api/client.js';

export interface Loaded<T> {
  data?: T;
  error?: string;
  /** loads again (after a change) */
  reload: () => void;
}

/**
 * Runs `load` (nothing while it is undefined), again on `reload()` or when a value in `deps`
 * changes; the latest call wins and an abandoned one is aborted. The last data stays shown while
 * the next answer loads, so a reload after an edit does not flicker.
 */
export function useLoad<T>(
  load: ((signal: AbortSignal) => Promise<T>) | undefined,
  deps: DependencyList = [],
): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const enabled = load !== undefined;

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setData(result);
        setError(undefined);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorText(caught));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render: `deps` say when it asks for something else.
  }, [enabled, version, ...deps]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
