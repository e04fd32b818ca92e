import { useEffect, useState } from 'react';
import { errorProps } from './FieldShell.js';
import { fieldId, type FieldContext } from './fieldContext.js';
import type { NotifierOption } from './types.js';

type Pair = [string, string];

const toPairs = (value: unknown): Pair[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
    : [];

/** A string map (`headers`, `vars`…) edited as rows of key and value. */
export function KeyValueMapField({
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
  onChange: (value: Record<string, string>) => void;
}) {
  // Rows are kept locally so a row with an empty key can exist while it is being typed.
  const [rows, setRows] = useState<Pair[]>(() => toPairs(value));
  useEffect(() => {
    const incoming = toPairs(value);
    setRows((current) =>
      JSON.stringify(Object.fromEntries(current.filter(([k]) => k !== ''))) ===
      JSON.stringify(Object.fromEntries(incoming))
        ? current
        : incoming,
    );
  }, [value]);
  const update = (next: Pair[]) => {
    setRows(next);
    onChange(Object.fromEntries(next.filter(([key]) => key !== '')));
  };
  const id = fieldId(context, path);
  return (
    <div className="cp-kv" id={id} role="group" aria-label={option.label} {...errorProps(context, path)}>
      {rows.map(([key, text], index) => (
        <div className="cp-kv-row" key={index}>
          <input
            aria-label={`${option.label} key ${index + 1}`}
            placeholder="Key"
            value={key}
            disabled={context.readOnly}
            onChange={(event) =>
              update(rows.map((row, i) => (i === index ? [event.target.value, row[1]] : row)))
            }
          />
          <input
            aria-label={`${option.label} value ${index + 1}`}
            placeholder="Value"
            value={text}
            disabled={context.readOnly}
            onChange={(event) =>
              update(rows.map((row, i) => (i === index ? [row[0], event.target.value] : row)))
            }
          />
          {!context.readOnly && (
            <button
              type="button"
              aria-label={`Remove ${option.label} ${index + 1}`}
              onClick={() => update(rows.filter((_, i) => i !== index))}
            >
              ✕
            </button>
          )}
        </div>
      ))}
      {!context.readOnly && (
        <button type="button" onClick={() => update([...rows, ['', '']])}>
          Add {option.label}
        </button>
      )}
    </div>
  );
}
