import { secretConfigured } from './form-state.js';
import { jsonPatch, jsonText, secretPatch, type SectionProps } from './section.js';
import { SecretField } from './SecretField.js';
import { TextField } from './TextField.js';

/** A secret of the data source (`secureJsonData[name]`): "configured" with Reset once stored. */
export function SecretSetting({
  ds,
  form,
  disabled,
  change,
  name,
  label,
}: SectionProps & { name: string; label: string }) {
  return (
    <SecretField
      label={label}
      configured={secretConfigured(ds, form, name)}
      value={form.secrets[name] ?? ''}
      disabled={disabled}
      onChange={(value) => change(secretPatch(form, name, value))}
      onReset={() => change(secretPatch(form, name, ''))}
    />
  );
}

/** A number kept in `jsonData[name]`; an empty input removes it. */
export function JsonNumberField({
  form,
  disabled,
  change,
  name,
  label,
  placeholder,
}: SectionProps & { name: string; label: string; placeholder?: string }) {
  return (
    <TextField
      label={label}
      type="number"
      value={jsonText(form, name)}
      disabled={disabled}
      placeholder={placeholder}
      onChange={(text) => change(jsonPatch(form, name, text === '' ? undefined : Number(text)))}
    />
  );
}
