import { useCallback, useEffect, useState } from 'react';
import { errorText } from './request.js';

/** Loads data on mount (and on reload()); the latest call wins. */
export function useLoad<T>(load: () => Promise<T>): {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
} {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ data }),
      (error: unknown) => current && setState({ error: errorText(error) }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `version` is the reload signal.
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data: state.data, error: state.error, reload };
}
