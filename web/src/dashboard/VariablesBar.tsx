import { useState } from 'react';
import type { VariableState } from '../lib/variable-state.js';
import { ALL_VALUE } from '../lib/variables.js';
import { WarningIcon } from '../app/icons.js';

/** The variable pickers above the panels (hide 1 hides the label, hide 2 the whole picker). */
export function VariablesBar({
  states,
  onSelect,
}: {
  states: VariableState[];
  onSelect: (name: string, values: string[]) => void;
}) {
  const visible = states.filter((s) => (s.model.hide ?? 0) < 2 && s.model.type !== 'constant');
  if (visible.length === 0) return null;
  return (
    <div className="variables">
      {visible.map((state) => (
        <div key={state.model.name} className="variable" data-variable={state.model.name}>
          {(state.model.hide ?? 0) < 1 && (
            <label htmlFor={`var-${state.model.name}`}>{state.model.label || state.model.name}</label>
          )}
          <VariableInput state={state} onSelect={(values) => onSelect(state.model.name, values)} />
          {state.error && (
            <span className="panel-error-icon" role="img" aria-label="Variable error" title={state.error}>
              <WarningIcon />
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

function VariableInput({ state, onSelect }: { state: VariableState; onSelect: (values: string[]) => void }) {
  const { model } = state;
  const [text, setText] = useState(state.selected[0] ?? '');
  const id = `var-${model.name}`;
  if (model.type === 'textbox') {
    return (
      <input
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onSelect([text])}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSelect([text]);
        }}
      />
    );
  }
  const options = [...(model.includeAll ? [{ text: 'All', value: ALL_VALUE }] : []), ...state.options];
  if (model.multi) {
    return (
      <select
        id={id}
        multiple
        size={Math.min(4, Math.max(2, options.length))}
        value={state.selected}
        onChange={(event) => {
          const values = [...event.target.selectedOptions].map((o) => o.value);
          onSelect(
            values.includes(ALL_VALUE) && !state.selected.includes(ALL_VALUE)
              ? [ALL_VALUE]
              : values.filter((v) => v !== ALL_VALUE || values.length === 1),
          );
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    );
  }
  return (
    <select
      id={id}
      value={state.selected[0] ?? ''}
      disabled={state.loading}
      onChange={(event) => onSelect([event.target.value])}
    >
      {state.loading && <option value={state.selected[0] ?? ''}>Loading…</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </select>
  );
}
