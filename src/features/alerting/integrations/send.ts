/**
 * Delivers one notification to one integration: never throws, bounded by the timeout, and a
 * resolution is skipped when the integration disables them.
 */

import type { NotificationData } from '../templates/index.js';
import { abortCause, DeliveryError } from './errors.js';
import { HttpClient } from './http-client.js';
import { newDelivery } from './notifier.js';
import { notifierFor } from './registry.js';
import { Settings } from './settings.js';
import type { Integration, SendContext, SendResult } from './types.js';

export async function sendIntegration(
  integration: Integration,
  data: NotificationData,
  context: SendContext,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round((performance.now() - started) * 1000) / 1000;

  if (integration.disableResolveMessage && data.Status === 'resolved') {
    return { ok: true, skipped: true, durationMs: elapsed() };
  }
  const notifier = notifierFor(integration.type);
  if (!notifier) {
    return {
      ok: false,
      error: `notifier ${integration.type} is not supported`,
      invalidConfig: true,
      durationMs: elapsed(),
    };
  }

  const { signal, dispose } = deadline(context.timeoutMs, context.signal);
  const delivery = newDelivery({
    integration,
    settings: new Settings(integration.settings, integration.secureSettings),
    data,
    context,
    http: new HttpClient(signal),
    signal,
    logger: context.logger,
  });

  try {
    // A sender that ignores the signal still cannot hold the caller past the deadline.
    const outcome = await untilAborted(notifier.send(delivery), signal);
    return {
      ok: true,
      durationMs: elapsed(),
      ...(outcome?.statusCode !== undefined ? { statusCode: outcome.statusCode } : {}),
      ...(outcome?.skipped ? { skipped: true } : {}),
    };
  } catch (err) {
    const result: SendResult = { ok: false, durationMs: elapsed() };
    if (err instanceof DeliveryError) {
      result.error = err.message;
      if (err.details.statusCode !== undefined) result.statusCode = err.details.statusCode;
      if (err.details.timedOut) result.timedOut = true;
      if (err.details.invalidConfig) result.invalidConfig = true;
    } else {
      result.error = err instanceof Error ? err.message : String(err);
    }
    if (signal.aborted && abortCause(signal).timedOut) result.timedOut = true;
    context.logger?.warn(
      { integration: integration.uid, type: integration.type, error: result.error },
      'notification delivery failed',
    );
    return result;
  } finally {
    dispose();
  }
}

/**
 * A signal that fires at the deadline (reason: a TimeoutError) or with the caller's signal. Built
 * by hand rather than with AbortSignal.any so nothing stays attached to a long-lived parent signal.
 */
function deadline(
  timeoutMs: number,
  parent: AbortSignal | undefined,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    Math.max(1, timeoutMs),
  );
  const onParentAbort = (): void => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

/** A sender's own abort error is more precise (`Post "…": context deadline exceeded`): give it a moment. */
const abortGraceMs = 25;

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      timer = setTimeout(() => {
        const cause = abortCause(signal);
        reject(new DeliveryError(cause.text, { timedOut: cause.timedOut }));
      }, abortGraceMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
    };
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (err: unknown) => {
        settle();
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
