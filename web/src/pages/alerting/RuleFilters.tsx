import { useState } from 'react';
import { matcherText, parseMatchers } from './labelMatchers.js';
import type { RuleFilter } from './rulesFilter.js';
import { STATE_NAMES } from './ruleState.js';

/** The filter bar of the rule list: search text, state, label matchers and contact point. */
export function RuleFilters({
  filter,
  contactPoints,
  onChange,
}: {
  filter: RuleFilter;
  /** contact point names, or undefined when the caller may not list them */
  contactPoints: string[] | undefined;
  onChange: (filter: RuleFilter) => void;
}) {
  // The typed text is kept as typed; the filter changes only once it parses.
  const [labelText, setLabelText] = useState(() => filter.labels.map(matcherText).join(', '));
  const [labelError, setLabelError] = useState(false);
  return (
    <div className="rule-filters" role="search">
      <label>
        Search
        <input
          type="search"
          placeholder="Rule name"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </label>
      <label>
        State
        <select
          value={filter.state}
          onChange={(event) => onChange({ ...filter, state: event.target.value as RuleFilter['state'] })}
        >
          <option value="">Any state</option>
          {STATE_NAMES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </label>
      <label>
        Labels
        <input
          placeholder="team=ops, severity=~crit.*"
          value={labelText}
          aria-invalid={labelError || undefined}
          onChange={(event) => {
            setLabelText(event.target.value);
            const parsed = parseMatchers(event.target.value);
            setLabelError(!parsed);
            if (parsed) onChange({ ...filter, labels: parsed });
          }}
        />
      </label>
      {contactPoints && (
        <label>
          Contact point
          <select
            value={filter.contactPoint}
            onChange={(event) => onChange({ ...filter, contactPoint: event.target.value })}
          >
            <option value="">Any contact point</option>
            {contactPoints.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {labelError && <span className="field-error">Matchers look like team=ops or env!~dev.*</span>}
    </div>
  );
}
