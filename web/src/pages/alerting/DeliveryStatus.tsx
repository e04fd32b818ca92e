import type { NotifierStatus } from './types.js';

const NEVER = '0001-01-01';

/** The last delivery attempt of one integration, from the delivery history. */
export function DeliveryStatus({ status }: { status: NotifierStatus | undefined }) {
  if (!status || status.lastNotifyAttempt.startsWith(NEVER)) {
    return <span className="cp-status never">No delivery attempts</span>;
  }
  const when = new Date(status.lastNotifyAttempt).toLocaleString();
  if (status.lastNotifyAttemptError) {
    return (
      <span className="cp-status failed" title={status.lastNotifyAttemptError}>
        Last delivery failed {when}: {status.lastNotifyAttemptError}
      </span>
    );
  }
  return (
    <span className="cp-status ok">
      Last delivery succeeded {when} ({status.lastNotifyAttemptDuration})
    </span>
  );
}
