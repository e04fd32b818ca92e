import { HeadersEditor } from './HeadersEditor.js';
import type { SectionProps } from './section.js';
import { JsonNumberField, SecretSetting } from './SectionFields.js';
import { CheckField, SelectField, TextField } from './TextField.js';

const ACCESS_OPTIONS = [
  { value: 'proxy', label: 'Server (default)' },
  { value: 'direct', label: 'Browser' },
];

/** URL, access, timeout, basic auth and custom headers of an HTTP data source. */
export function HttpSection(props: SectionProps & { urlPlaceholder?: string }) {
  const { form, disabled, change } = props;
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
        <JsonNumberField {...props} name="timeout" label="Timeout (seconds)" placeholder="10" />
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
            <SecretSetting {...props} name="basicAuthPassword" label="Password" />
          </>
        )}
      </section>
      <HeadersEditor {...props} />
    </>
  );
}
