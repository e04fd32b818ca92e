import { errorProps } from './FieldShell.js';
import { fieldId, type FieldProps } from './fieldContext.js';

/**
 * A secret: once stored it shows only "configured" with a Reset button (the value never reaches
 * the page); after a reset, or while new, it is a password input.
 */
export function SecureField({ option, path, value, context, onChange }: FieldProps<string>) {
  const id = fieldId(context, path);
  if (context.secureFields[path]) {
    return (
      <div className="cp-secure">
        <input id={id} type="text" value="configured" disabled readOnly {...errorProps(context, path)} />
        {!context.readOnly && (
          <button
            type="button"
            aria-label={`Reset ${option.label}`}
            onClick={() => context.resetSecure(path)}
          >
            Reset
          </button>
        )}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (option.element === 'textarea') {
    return (
      <textarea
        id={id}
        rows={4}
        value={text}
        disabled={context.readOnly}
        placeholder={option.placeholder}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(context, path)}
      />
    );
  }
  return (
    <input
      id={id}
      type="password"
      autoComplete="new-password"
      value={text}
      disabled={context.readOnly}
      placeholder={option.placeholder}
      onChange={(event) => onChange(event.target.value)}
      {...errorProps(context, path)}
    />
  );
}
