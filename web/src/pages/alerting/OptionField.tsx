import { errorProps, FieldShell } from './FieldShell.js';
import { fieldId, type FieldContext, type LevelComponent } from './fieldContext.js';
import { KeyValueMapField } from './KeyValueMapField.js';
import { SecureField } from './SecureField.js';
import { StringArrayField } from './StringArrayField.js';
import { SubformArrayField } from './SubformArrayField.js';
import type { NotifierOption } from './types.js';

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Numbers typed into a number input are sent as numbers (the server accepts both). */
const fromInput = (option: NotifierOption, text: string): unknown =>
  option.inputType === 'number' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** One option of the catalogue as a form control, chosen by its `element`. */
export function OptionField({
  option,
  path,
  value,
  required,
  context,
  onChange,
  Level,
}: {
  option: NotifierOption;
  path: string;
  value: unknown;
  required: boolean;
  context: FieldContext;
  onChange: (value: unknown) => void;
  /** renders the levels of a subform array */
  Level: LevelComponent;
}) {
  const id = fieldId(context, path);
  const common = { id, disabled: context.readOnly, 'aria-required': required, ...errorProps(context, path) };

  if (option.element === 'checkbox') {
    return (
      <div className="cp-field cp-checkbox" data-field={path}>
        <label className="checkbox">
          <input
            {...common}
            type="checkbox"
            checked={value === true || value === 'true'}
            onChange={(event) => onChange(event.target.checked)}
          />
          {option.label}
        </label>
        {option.description && <div className="muted cp-description">{option.description}</div>}
        {context.errors[path] && (
          <div className="field-error" id={`${id}-error`} role="alert">
            {context.errors[path]}
          </div>
        )}
      </div>
    );
  }

  let control;
  if (option.secure) {
    control = <SecureField option={option} path={path} value={value} context={context} onChange={onChange} />;
  } else if (option.element === 'select') {
    const choices = option.selectOptions ?? [];
    const text = asText(value);
    control = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
        {(!required || text === '') && <option value="">{option.placeholder || 'Default'}</option>}
        {text !== '' && !choices.some((c) => c.value === text) && <option value={text}>{text}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (option.element === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={3}
        value={asText(value)}
        placeholder={option.placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (option.element === 'key_value_map') {
    control = (
      <KeyValueMapField option={option} path={path} value={value} context={context} onChange={onChange} />
    );
  } else if (option.element === 'string_array') {
    control = (
      <StringArrayField option={option} path={path} value={value} context={context} onChange={onChange} />
    );
  } else if (option.element === 'subform_array') {
    control = (
      <SubformArrayField
        option={option}
        path={path}
        value={value}
        context={context}
        onChange={onChange}
        Level={Level}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={option.inputType === 'number' ? 'number' : 'text'}
        value={asText(value)}
        placeholder={option.placeholder}
        onChange={(event) => onChange(fromInput(option, event.target.value))}
      />
    );
  }
  return (
    <FieldShell option={option} path={path} context={context} required={required}>
      {control}
    </FieldShell>
  );
}
