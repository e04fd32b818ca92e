import type { StateName } from './ruleState.js';

/** A state as a coloured badge, with its reason (`Firing (NoData)`) when the API gave one. */
export function StateBadge({ state, reason }: { state: StateName; reason?: string }) {
  return (
    <span className={`state-badge state-${state.toLowerCase()}`} data-state={state}>
      {state}
      {reason ? ` (${reason})` : ''}
    </span>
  );
}
