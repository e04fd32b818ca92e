import { useEffect, useState } from 'react';
import type { FieldProps } from './fieldContext.js';
import { ItemRows } from './ItemRows.js';

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
}: FieldProps<Record<string, string>>) {
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
  return (
    <ItemRows
      option={option}
      path={path}
      context={context}
      className="cp-kv"
      items={rows}
      blank={['', '']}
      onChange={update}
    >
      {([key, text], index, replace) => (
        <>
          <input
            aria-label={`${option.label} key ${index + 1}`}
            placeholder="Key"
            value={key}
            disabled={context.readOnly}
            onChange={(event) => replace([event.target.value, text])}
          />
          <input
            aria-label={`${option.label} value ${index + 1}`}
            placeholder="Value"
            value={text}
            disabled={context.readOnly}
            onChange={(event) => replace([key, event.target.value])}
          />
        </>
      )}
    </ItemRows>
  );
}
