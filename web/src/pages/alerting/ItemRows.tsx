import type { ReactNode } from 'react';
import { errorProps } from './FieldShell.js';
import { fieldId, type FieldContext } from './fieldContext.js';
import type { NotifierOption } from './types.js';
import { CloseIcon } from '../../app/icons.js';

/** The items of one list-like option as rows of inputs, each with a remove button, and an Add button. */
export function ItemRows<T>({
  option,
  path,
  context,
  className,
  items,
  blank,
  onChange,
  children,
}: {
  option: NotifierOption;
  path: string;
  context: FieldContext;
  className: string;
  items: T[];
  /** what Add appends */
  blank: T;
  onChange: (items: T[]) => void;
  /** the inputs of one item; `replace` puts a new version of it in its place */
  children: (item: T, index: number, replace: (next: T) => void) => ReactNode;
}) {
  return (
    <div
      className={className}
      id={fieldId(context, path)}
      role="group"
      aria-label={option.label}
      {...errorProps(context, path)}
    >
      {items.map((item, index) => (
        <div className="cp-kv-row" key={index}>
          {children(item, index, (next) => onChange(items.map((x, i) => (i === index ? next : x))))}
          {!context.readOnly && (
            <button
              type="button"
              aria-label={`Remove ${option.label} ${index + 1}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      ))}
      {!context.readOnly && (
        <button type="button" onClick={() => onChange([...items, blank])}>
          Add {option.label}
        </button>
      )}
    </div>
  );
}
