import { ListInput } from './ListInput.js';
import { MatchersEditor } from './MatchersEditor.js';
import { withField } from './policyTree.js';
import type { Route } from './types.js';

const TIMINGS = [
  ['group_wait', 'Group wait', '30s'],
  ['group_interval', 'Group interval', '5m'],
  ['repeat_interval', 'Repeat interval', '4h'],
] as const;

/**
 * The editable fields of one policy. The default policy (root) names the contact point and the
 * timings every policy inherits; a nested policy adds matchers and `continue`, and overrides
 * whatever it sets.
 */
export function PolicyFields({
  route,
  root,
  receivers,
  disabled,
  onChange,
}: {
  route: Route;
  root: boolean;
  /** contact point names, or undefined when the caller cannot list them */
  receivers: string[] | undefined;
  disabled: boolean;
  onChange: (route: Route) => void;
}) {
  const id = (name: string) => `policy-${root ? 'default' : 'nested'}-${name}`;
  const suffix = root ? '' : ' override';
  const receiver = route.receiver ?? '';
  const choices =
    receivers && receiver && !receivers.includes(receiver) ? [receiver, ...receivers] : receivers;
  return (
    <div className="policy-fields">
      {!root && (
        <MatchersEditor
          matchers={route.object_matchers ?? []}
          disabled={disabled}
          onChange={(matchers) => onChange(withField(route, 'object_matchers', matchers))}
        />
      )}
      <div className="cp-field">
        <label htmlFor={id('receiver')}>{root ? 'Default contact point' : 'Contact point'}</label>
        {choices ? (
          <select
            id={id('receiver')}
            value={receiver}
            disabled={disabled}
            onChange={(event) => onChange(withField(route, 'receiver', event.target.value))}
          >
            <option value="">{root ? 'Choose a contact point' : 'Inherit from parent policy'}</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id('receiver')}
            value={receiver}
            disabled={disabled}
            onChange={(event) => onChange(withField(route, 'receiver', event.target.value))}
          />
        )}
      </div>
      {!root && (
        <label className="checkbox cp-field">
          <input
            type="checkbox"
            checked={route.continue === true}
            disabled={disabled}
            onChange={(event) => onChange(withField(route, 'continue', event.target.checked || ''))}
          />
          Continue matching subsequent sibling policies
        </label>
      )}
      <div className="cp-field">
        <label htmlFor={id('group-by')}>Group by{suffix}</label>
        <ListInput
          id={id('group-by')}
          value={route.group_by ?? []}
          disabled={disabled}
          placeholder={root ? 'alertname, grafana_folder' : 'inherited'}
          onChange={(labels) => onChange(withField(route, 'group_by', labels))}
        />
      </div>
      <div className="policy-timings">
        {TIMINGS.map(([key, label, fallback]) => (
          <div className="cp-field" key={key}>
            <label htmlFor={id(key)}>
              {label}
              {suffix}
            </label>
            <input
              id={id(key)}
              value={route[key] ?? ''}
              disabled={disabled}
              placeholder={root ? `${fallback} (default)` : 'inherited'}
              onChange={(event) => onChange(withField(route, key, event.target.value.trim()))}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
