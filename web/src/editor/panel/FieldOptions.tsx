import type { FieldConfig } from '../../lib/frames.js';
import type { FieldConfigSource } from '../../lib/field-config.js';
import { NumberField, TextField } from '../common/fields.js';
import { MappingsEditor } from './MappingsEditor.js';
import { ThresholdsEditor } from './ThresholdsEditor.js';

/** Grafana's common units, offered as suggestions (any unit id may be typed). */
const UNITS = [
  'none',
  'short',
  'percent',
  'percentunit',
  'bytes',
  'decbytes',
  'bits',
  'Bps',
  'bps',
  'KBs',
  'MBs',
  'ns',
  'µs',
  'ms',
  's',
  'm',
  'h',
  'd',
  'dtdurationms',
  'dtdurations',
  'reqps',
  'rps',
  'ops',
  'wps',
  'hertz',
  'celsius',
  'fahrenheit',
  'watt',
  'kwatt',
  'currencyUSD',
  'currencyEUR',
  'dateTimeAsIso',
  'dateTimeFromNow',
];

/** The field defaults every data panel shares: unit, decimals, min/max, thresholds, value mappings. */
export function FieldOptions({
  value,
  onChange,
}: {
  value: FieldConfigSource | undefined;
  onChange: (value: FieldConfigSource) => void;
}) {
  const defaults = value?.defaults ?? {};
  const set = <K extends keyof FieldConfig>(key: K, next: FieldConfig[K] | undefined) => {
    const copy: FieldConfig = { ...defaults };
    if (next === undefined || next === '') delete copy[key];
    else copy[key] = next;
    onChange({ ...value, defaults: copy, overrides: value?.overrides ?? [] });
  };
  return (
    <div className="field-options">
      <h3>Standard options</h3>
      <TextField
        label="Unit"
        value={defaults.unit ?? ''}
        list="svc-units"
        placeholder="short"
        onChange={(v) => set('unit', v)}
      />
      <datalist id="svc-units">
        {UNITS.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
      <div className="field-row">
        <NumberField label="Min" value={defaults.min} onChange={(v) => set('min', v)} placeholder="auto" />
        <NumberField label="Max" value={defaults.max} onChange={(v) => set('max', v)} placeholder="auto" />
        <NumberField
          label="Decimals"
          value={defaults.decimals}
          onChange={(v) => set('decimals', v === undefined ? undefined : Math.max(0, Math.round(v)))}
          placeholder="auto"
        />
      </div>
      <TextField
        label="Display name"
        value={defaults.displayName ?? ''}
        onChange={(v) => set('displayName', v)}
      />
      <TextField label="No value" value={defaults.noValue ?? ''} onChange={(v) => set('noValue', v)} />
      <ThresholdsEditor value={defaults.thresholds} onChange={(v) => set('thresholds', v)} />
      <MappingsEditor value={defaults.mappings} onChange={(v) => set('mappings', v)} />
    </div>
  );
}
