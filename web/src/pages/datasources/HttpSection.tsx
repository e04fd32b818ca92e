import { HeadersEditor } from './HeadersEditor.js';
import { secretConfigured } from './form-state.js';
import { jsonPatch, jsonText, secretPatch, type SectionProps } from './section.js';
import { SecretField } from './SecretField.js';
import { CheckField, SelectField, TextField } from './TextField.js';

const ACCESS_OPTIONS = [
  { value: 'proxy', label: 'Server (default)' },
  { value: 'direct', label: 'Browser' },
];

/** URL, access, timeout, basic auth and custom headers of an HTTP data source. */
export function HttpSection(props: SectionProps & { urlPlaceholder?: string }) {
  const { ds, form, disabled, change } = props;
  return (
    <>
      <section className="ds-section">
        <h3>HTTP</h3>
        <TextField
          label="URL"
          value={form.url}
          disabled={disabled}
          placeholder={props.urlPlaceholder}
          onChange={(url) => change({ url })}
        />
        <SelectField
          label="Access"
          value={form.access}
          options={ACCESS_OPTIONS}
          disabled={disabled}
          onChange={(access) => change({ access })}
        />
        <TextField
          label="Timeout (seconds)"
          type="number"
          value={jsonText(form, 'timeout')}
          disabled={disabled}
          placeholder="10"
          onChange={(text) => change(jsonPatch(form, 'timeout', text === '' ? undefined : Number(text)))}
        />
      </section>
      <section className="ds-section">
        <h3>Auth</h3>
        <CheckField
          label="Basic auth"
          checked={form.basicAuth}
          disabled={disabled}
          onChange={(basicAuth) => change({ basicAuth })}
        />
        {form.basicAuth && (
          <>
            <TextField
              label="User"
              value={form.basicAuthUser}
              disabled={disabled}
              onChange={(basicAuthUser) => change({ basicAuthUser })}
            />
            <SecretField
              label="Password"
              configured={secretConfigured(ds, form, 'basicAuthPassword')}
              value={form.secrets.basicAuthPassword ?? ''}
              disabled={disabled}
              onChange={(value) => change(secretPatch(form, 'basicAuthPassword', value))}
              onReset={() => change(secretPatch(form, 'basicAuthPassword', ''))}
            />
          </>
        )}
      </section>
      <HeadersEditor {...props} />
    </>
  );
}
