import { useState } from 'react';
import type { IntegrationDraft } from './draft.js';
import type { FieldContext } from './fieldContext.js';
import { OptionsForm } from './OptionsForm.js';
import { currentOptions } from './settings.js';
import { TestResult } from './TestResult.js';
import type { NotifierType } from './types.js';
import { DisclosureIcon } from '../../app/icons.js';

/** One integration of a contact point: its type, then the fields the catalogue gives that type. */
export function IntegrationForm({
  draft,
  index,
  types,
  catalogue,
  readOnly,
  removable,
  onChange,
  onRemove,
}: {
  draft: IntegrationDraft;
  index: number;
  /** types a new integration may take */
  types: NotifierType[];
  catalogue: NotifierType[];
  readOnly: boolean;
  removable: boolean;
  onChange: (draft: IntegrationDraft) => void;
  onRemove: () => void;
}) {
  const type = catalogue.find((t) => t.type.toLowerCase() === draft.type.toLowerCase());
  const options = currentOptions(type);
  const required = options.filter((o) => o.required);
  const optional = options.filter((o) => !o.required);
  const optionalErrors = Object.keys(draft.errors).some((path) =>
    optional.some((o) => path === o.propertyName || path.startsWith(`${o.propertyName}.`)),
  );
  const [showOptional, setShowOptional] = useState(false);
  const optionalOpen = showOptional || optionalErrors;
  const number = index + 1;

  const context: FieldContext = {
    idPrefix: draft.key,
    secureFields: draft.secureFields,
    errors: draft.errors,
    readOnly,
    resetSecure: (path) => {
      const secureFields = { ...draft.secureFields };
      delete secureFields[path];
      onChange({ ...draft, secureFields });
    },
  };
  const setSettings = (settings: IntegrationDraft['settings']) => {
    // Editing a field clears the message about it.
    const errors = Object.fromEntries(
      Object.entries(draft.errors).filter(([path]) => {
        const before = JSON.stringify(path.split('.').reduce<unknown>(step, draft.settings));
        const after = JSON.stringify(path.split('.').reduce<unknown>(step, settings));
        return before === after;
      }),
    );
    onChange({ ...draft, settings, errors, test: undefined });
  };

  return (
    <section className="cp-integration" aria-label={`Integration ${number}`} data-type={draft.type}>
      <div className="cp-integration-head">
        <label>
          Integration {number}
          <select
            aria-label={`Integration ${number} type`}
            value={type?.type ?? draft.type}
            disabled={readOnly}
            onChange={(event) =>
              onChange({
                ...draft,
                type: event.target.value,
                settings: {},
                secureFields: {},
                errors: {},
                test: undefined,
              })
            }
          >
            {!types.some((t) => t.type === type?.type) && (
              <option value={type?.type ?? draft.type}>{type?.name ?? draft.type}</option>
            )}
            {types.map((t) => (
              <option key={t.type} value={t.type}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        {draft.provenance && <span className="cp-badge">Provisioned ({draft.provenance})</span>}
        <div className="spacer" />
        {removable && !readOnly && (
          <button type="button" onClick={onRemove}>
            Remove integration {number}
          </button>
        )}
      </div>
      {type?.description && <p className="muted">{type.description}</p>}
      {type?.info && <p className="cp-info">{type.info}</p>}
      {draft.errors[''] && (
        <div className="error-box" role="alert">
          {draft.errors['']}
        </div>
      )}
      <OptionsForm
        options={required}
        values={draft.settings}
        prefix=""
        context={context}
        onChange={setSettings}
      />
      <fieldset className="cp-subform">
        <legend>
          <button
            type="button"
            className="cp-fold"
            aria-expanded={optionalOpen}
            onClick={() => setShowOptional(!optionalOpen)}
          >
            <DisclosureIcon open={optionalOpen} /> Optional {type?.name ?? draft.type} settings
          </button>
        </legend>
        {optionalOpen && (
          <>
            <OptionsForm
              options={optional}
              values={draft.settings}
              prefix=""
              context={context}
              onChange={setSettings}
            />
            <label className="checkbox cp-field">
              <input
                type="checkbox"
                checked={draft.disableResolveMessage}
                disabled={readOnly}
                onChange={(event) => onChange({ ...draft, disableResolveMessage: event.target.checked })}
              />
              Disable resolved message
            </label>
          </>
        )}
      </fieldset>
      {draft.test && <TestResult result={draft.test} />}
    </section>
  );
}

function step(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}
