import {
  headerIndexes,
  headerKeepsSecret,
  headerLostSecret,
  newHeaderRow,
  type HeaderRow,
} from './form-state.js';
import type { SectionProps } from './section.js';

/** Custom HTTP headers sent to the data source; their values are secrets. */
export function HeadersEditor({ form, disabled, change }: SectionProps) {
  const indexes = headerIndexes(form.headers);
  const update = (key: number, patch: Partial<HeaderRow>) =>
    change({ headers: form.headers.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  return (
    <section className="ds-section">
      <h3>Custom HTTP headers</h3>
      {form.headers.length === 0 && <p className="muted">No custom headers.</p>}
      {form.headers.map((row, position) => {
        const n = position + 1;
        const keeps = headerKeepsSecret(row, indexes[position]);
        return (
          <div className="ds-header-row" key={row.key}>
            <input
              aria-label={`Header ${n} name`}
              placeholder="X-Custom-Header"
              value={row.name}
              disabled={disabled}
              onChange={(event) => update(row.key, { name: event.target.value })}
            />
            {keeps ? (
              <>
                <input aria-label={`Header ${n} value`} value="configured" disabled readOnly />
                {!disabled && (
                  <button
                    type="button"
                    aria-label={`Reset header ${n} value`}
                    onClick={() => update(row.key, { storedIndex: undefined })}
                  >
                    Reset
                  </button>
                )}
              </>
            ) : (
              <input
                type="password"
                autoComplete="new-password"
                aria-label={`Header ${n} value`}
                placeholder={headerLostSecret(row, indexes[position]) ? 'enter the value again' : 'value'}
                value={row.value}
                disabled={disabled}
                onChange={(event) => update(row.key, { value: event.target.value })}
              />
            )}
            {!disabled && (
              <button
                type="button"
                aria-label={`Remove header ${n}`}
                onClick={() => change({ headers: form.headers.filter((other) => other.key !== row.key) })}
              >
                Remove
              </button>
            )}
            {headerLostSecret(row, indexes[position]) && (
              <span className="ds-hint field-error">
                Renumbered: its stored value cannot move, type it again.
              </span>
            )}
          </div>
        );
      })}
      {!disabled && (
        <button type="button" onClick={() => change({ headers: [...form.headers, newHeaderRow()] })}>
          Add header
        </button>
      )}
    </section>
  );
}
