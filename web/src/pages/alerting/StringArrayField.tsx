import { errorProps } from './FieldShell.js';
import { fieldId, type FieldContext } from './fieldContext.js';
import type { NotifierOption } from './types.js';

const toList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

/** A list of strings (`labels`, `scopes`), one input per item. */
export function StringArrayField({
  option,
  path,
  value,
  context,
  onChange,
}: {
  option: NotifierOption;
  path: string;
  value: unknown;
  context: FieldContext;
  onChange: (value: string[]) => void;
}) {
  const items = toList(value);
  return (
    <div
      className="cp-list"
      id={fieldId(context, path)}
      role="group"
      aria-label={option.label}
      {...errorProps(context, path)}
    >
      {items.map((item, index) => (
        <div className="cp-kv-row" key={index}>
          <input
            aria-label={`${option.label} ${index + 1}`}
            value={item}
            disabled={context.readOnly}
            onChange={(event) => onChange(items.map((x, i) => (i === index ? event.target.value : x)))}
          />
          {!context.readOnly && (
            <button
              type="button"
              aria-label={`Remove ${option.label} ${index + 1}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              ✕
            </button>
          )}
        </div>
      ))}
      {!context.readOnly && (
        <button type="button" onClick={() => onChange([...items, ''])}>
          Add {option.label}
        </button>
      )}
    </div>
  );
}
