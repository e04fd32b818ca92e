import type { FieldProps } from './fieldContext.js';
import { ItemRows } from './ItemRows.js';

const toList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

/** A list of strings (`labels`, `scopes`), one input per item. */
export function StringArrayField({ option, path, value, context, onChange }: FieldProps<string[]>) {
  return (
    <ItemRows
      option={option}
      path={path}
      context={context}
      className="cp-list"
      items={toList(value)}
      blank=""
      onChange={onChange}
    >
      {(item, index, replace) => (
        <input
          aria-label={`${option.label} ${index + 1}`}
          value={item}
          disabled={context.readOnly}
          onChange={(event) => replace(event.target.value)}
        />
      )}
    </ItemRows>
  );
}
