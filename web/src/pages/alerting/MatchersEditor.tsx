import { OPERATORS, type Matcher } from './policyTree.js';
import { CloseIcon } from '../../app/icons.js';

/** Label matchers of a policy (or a silence): label name, operator, value. */
export function MatchersEditor({
  matchers,
  disabled,
  onChange,
  emptyText = 'No matchers: this policy matches every alert.',
}: {
  matchers: Matcher[];
  disabled: boolean;
  onChange: (matchers: Matcher[]) => void;
  emptyText?: string;
}) {
  const set = (index: number, part: 0 | 1 | 2, text: string) =>
    onChange(
      matchers.map((m, i) => {
        if (i !== index) return m;
        const next: Matcher = [...m];
        next[part] = text;
        return next;
      }),
    );
  return (
    <fieldset className="policy-matchers">
      <legend>Matching labels</legend>
      {matchers.length === 0 && <p className="muted">{emptyText}</p>}
      {matchers.map(([name, operator, value], index) => (
        <div className="policy-matcher" key={index}>
          <input
            aria-label={`Matcher ${index + 1} label`}
            placeholder="label"
            value={name}
            disabled={disabled}
            onChange={(event) => set(index, 0, event.target.value)}
          />
          <select
            aria-label={`Matcher ${index + 1} operator`}
            value={operator}
            disabled={disabled}
            onChange={(event) => set(index, 1, event.target.value)}
          >
            {OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          <input
            aria-label={`Matcher ${index + 1} value`}
            placeholder="value"
            value={value}
            disabled={disabled}
            onChange={(event) => set(index, 2, event.target.value)}
          />
          {!disabled && (
            <button
              type="button"
              aria-label={`Remove matcher ${index + 1}`}
              onClick={() => onChange(matchers.filter((_, i) => i !== index))}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      ))}
      {!disabled && (
        <button type="button" onClick={() => onChange([...matchers, ['', '=', '']])}>
          Add matcher
        </button>
      )}
    </fieldset>
  );
}
