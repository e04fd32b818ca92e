import { useState } from 'react';
import type { LevelProps } from './fieldContext.js';
import { OptionField } from './OptionField.js';
import { isEmptyValue, isRequired, isShown } from './settings.js';
import type { NotifierOption, Settings } from './types.js';
import { DisclosureIcon } from '../../app/icons.js';

/** The fields of one level of settings; subforms nest a level. */
export function OptionsForm({ options, values, prefix, context, onChange }: LevelProps) {
  return (
    <>
      {options
        .filter((option) => isShown(option, values))
        .map((option) => (
          <OptionEntry
            key={option.propertyName}
            option={option}
            values={values}
            prefix={prefix}
            context={context}
            onChange={onChange}
          />
        ))}
    </>
  );
}

function OptionEntry({
  option,
  values,
  prefix,
  context,
  onChange,
}: Omit<LevelProps, 'options'> & { option: NotifierOption }) {
  const name = option.propertyName;
  const set = (value: unknown) => onChange({ ...values, [name]: value });
  if (option.element === 'subform' && option.subformOptions) {
    const child = values[name];
    return (
      <Subform
        option={option}
        values={child && typeof child === 'object' && !Array.isArray(child) ? (child as Settings) : {}}
        prefix={`${prefix}${name}.`}
        context={context}
        onChange={set}
      />
    );
  }
  return (
    <OptionField
      option={option}
      path={prefix + name}
      value={values[name]}
      required={isRequired(option, values, prefix, context.secureFields)}
      context={context}
      onChange={set}
      Level={OptionsForm}
    />
  );
}

/** A nested group of settings (TLS, HMAC…), folded until opened or filled. */
function Subform({
  option,
  values,
  prefix,
  context,
  onChange,
}: Omit<LevelProps, 'options'> & { option: NotifierOption }) {
  const inUse =
    !isEmptyValue(values) ||
    Object.keys(context.secureFields).some((path) => path.startsWith(prefix)) ||
    Object.keys(context.errors).some((path) => path.startsWith(prefix));
  const [open, setOpen] = useState(inUse);
  return (
    <fieldset className="cp-subform" data-field={prefix.slice(0, -1)}>
      <legend>
        <button
          type="button"
          className="cp-fold"
          aria-expanded={open || inUse}
          onClick={() => setOpen(!(open || inUse))}
        >
          <DisclosureIcon open={open || inUse} /> {option.label}
        </button>
      </legend>
      {option.description && <div className="muted cp-description">{option.description}</div>}
      {(open || inUse) && (
        <OptionsForm
          options={option.subformOptions ?? []}
          values={values}
          prefix={prefix}
          context={context}
          onChange={onChange}
        />
      )}
    </fieldset>
  );
}
