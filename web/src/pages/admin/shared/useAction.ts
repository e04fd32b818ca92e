import { useCallback, useState } from 'react';
import { errorText } from '../../../api/client.js';

interface Action {
  busy: boolean;
  error?: string;
  success?: string;
  /** Runs `work`; shows `success` when it resolves, the server's message when it fails. */
  run: (work: () => Promise<unknown>, success?: string) => Promise<boolean>;
  clear: () => void;
}

/** State of one form's or button's call: busy while it runs, then its outcome. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  const run = useCallback(async (work: () => Promise<unknown>, message?: string) => {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await work();
      setSuccess(message);
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const clear = useCallback(() => {
    setError(undefined);
    setSuccess(undefined);
  }, []);

  return { busy, error, success, run, clear };
}
