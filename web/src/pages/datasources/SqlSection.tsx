import { jsonPatch, jsonText, type SectionProps } from './section.js';
import { JsonNumberField, SecretSetting } from './SectionFields.js';
import { SelectField, TextField } from './TextField.js';

// Grafana compat: an unset sslmode means verify-full on the server.
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'].map((mode) => ({
  value: mode,
  label: mode,
}));

/** Connection settings of PostgreSQL and MySQL data sources. */
export function SqlSection(props: SectionProps & { postgres: boolean; hostPlaceholder?: string }) {
  const { ds, form, disabled, change } = props;
  return (
    <section className="ds-section">
      <h3>Connection</h3>
      <TextField
        label="Host"
        value={form.url}
        disabled={disabled}
        placeholder={props.hostPlaceholder}
        hint="host:port, or a Unix socket path"
        onChange={(url) => change({ url })}
      />
      <TextField
        label="Database"
        value={jsonText(form, 'database') || ds.database}
        disabled={disabled}
        onChange={(text) => change(jsonPatch(form, 'database', text.trim()))}
      />
      <TextField label="User" value={form.user} disabled={disabled} onChange={(user) => change({ user })} />
      <SecretSetting {...props} name="password" label="Password" />
      {props.postgres && (
        <SelectField
          label="TLS/SSL mode"
          value={jsonText(form, 'sslmode') || 'verify-full'}
          options={SSL_MODES}
          disabled={disabled}
          onChange={(value) => change(jsonPatch(form, 'sslmode', value))}
        />
      )}
      <JsonNumberField {...props} name="maxOpenConns" label="Max open connections" placeholder="10" />
    </section>
  );
}
