import type { ReactNode } from 'react';
import { fieldId, type FieldContext } from './fieldContext.js';
import type { NotifierOption } from './types.js';

/** Label, description and inline error around one generated field. */
export function FieldShell({
  option,
  path,
  context,
  required,
  children,
}: {
  option: NotifierOption;
  path: string;
  context: FieldContext;
  required: boolean;
  children: ReactNode;
}) {
  const id = fieldId(context, path);
  const error = context.errors[path];
  return (
    <div className={`cp-field${error ? ' has-error' : ''}`} data-field={path}>
      <div className="cp-label">
        <label htmlFor={id}>{option.label}</label>
        {required && (
          <span className="cp-required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {option.description && <div className="muted cp-description">{option.description}</div>}
      {children}
      {error && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** aria attributes tying a control to its error. */
export function errorProps(context: FieldContext, path: string) {
  const error = context.errors[path];
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(context, path)}-error` }
    : {};
}
