import type { FieldProps, LevelComponent } from './fieldContext.js';
import type { Settings } from './types.js';

const toItems = (value: unknown): Settings[] =>
  Array.isArray(value)
    ? value.map((item) => (item && typeof item === 'object' ? (item as Settings) : {}))
    : [];

/** A list of objects (Opsgenie responders…), each edited with the option's subform. */
export function SubformArrayField({
  option,
  path,
  value,
  context,
  onChange,
  Level,
}: FieldProps<Settings[]> & { Level: LevelComponent }) {
  const items = toItems(value);
  return (
    <div className="cp-subform-array" role="group" aria-label={option.label}>
      {items.map((item, index) => (
        <fieldset className="cp-subform" key={index}>
          <legend>
            {option.label} {index + 1}
          </legend>
          <Level
            options={option.subformOptions ?? []}
            values={item}
            prefix={`${path}.${index}.`}
            context={{ ...context, idPrefix: `${context.idPrefix}-${path}-${index}` }}
            onChange={(next) => onChange(items.map((x, i) => (i === index ? next : x)))}
          />
          {!context.readOnly && (
            <button type="button" onClick={() => onChange(items.filter((_, i) => i !== index))}>
              Remove {option.label} {index + 1}
            </button>
          )}
        </fieldset>
      ))}
      {!context.readOnly && (
        <button type="button" onClick={() => onChange([...items, {}])}>
          Add {option.label}
        </button>
      )}
    </div>
  );
}
