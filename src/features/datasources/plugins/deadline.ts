import type { CallOptions } from './types.js';

/** How long a health check or query may take when the caller does not say (issue 6: bounded). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Why a call was cut short; `kind` lets callers word "timed out" vs "cancelled". */
export class DeadlineError extends Error {
  constructor(
    readonly kind: 'timeout' | 'aborted',
    readonly timeoutMs: number,
  ) {
    super(kind === 'timeout' ? `timed out after ${formatSeconds(timeoutMs)}` : 'cancelled by the caller');
    this.name = 'DeadlineError';
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

interface Deadline {
  signal: AbortSignal;
  timeoutMs: number;
  /** Stops the timer; call when the work is done. */
  dispose(): void;
}

/**
 * One signal for a whole call: it aborts with a DeadlineError when the time is up or the caller's
 * own signal fires, whichever comes first.
 */
export function startDeadline(opts: CallOptions): Deadline {
  const timeoutMs = opts.timeoutMs !== undefined && opts.timeoutMs > 0 ? opts.timeoutMs : DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineError('timeout', timeoutMs)), timeoutMs);
  // The timer must not keep a shutting-down process alive.
  timer.unref();
  const outer = opts.signal;
  const onOuterAbort = () => controller.abort(new DeadlineError('aborted', timeoutMs));
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    timeoutMs,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * Settles with `promise`, or rejects with the signal's DeadlineError as soon as it aborts. A value
 * that arrives too late is handed to `onLate` (e.g. to release a pooled connection) and
 * `onAbort` runs at the moment of abort (e.g. to cancel the statement on the server).
 */
export function raceSignal<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  hooks: { onLate?: (value: T) => void; onAbort?: () => void } = {},
): Promise<T> {
  if (signal.aborted) {
    promise.then(hooks.onLate, () => undefined);
    hooks.onAbort?.();
    return Promise.reject(toError(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      hooks.onAbort?.();
      reject(toError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) hooks.onLate?.(value);
        else {
          settled = true;
          resolve(value);
        }
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        reject(toError(error));
      },
    );
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
