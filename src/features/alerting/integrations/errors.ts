/** The one error a sender throws; `sendIntegration` turns it into a result. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly details: { statusCode?: number; timedOut?: boolean; invalidConfig?: boolean } = {},
  ) {
    super(message);
  }
}

/** Go's context errors, as Grafana's messages carry them. */
const deadlineExceeded = 'context deadline exceeded';
const contextCanceled = 'context canceled';

/** Why the signal fired, in Go's words, and whether it was the deadline. */
export function abortCause(signal: AbortSignal): { text: string; timedOut: boolean } {
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return { text: timedOut ? deadlineExceeded : contextCanceled, timedOut };
}

/** Wraps a failure with a prefix (`send notification to Teams: …`), keeping its details. */
export function wrapDelivery(prefix: string, err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return new DeliveryError(`${prefix}: ${err.message}`, err.details);
  return new DeliveryError(`${prefix}: ${err instanceof Error ? err.message : String(err)}`);
}
