import { NumberField, SelectField, TextField } from '../common/fields.js';
import { setKey, type QueryEditorProps } from './query-types.js';

const SCENARIOS = [
  { value: 'random_walk', label: 'Random Walk' },
  { value: 'csv_content', label: 'CSV Content' },
  { value: 'predictable_pulse', label: 'Predictable Pulse' },
  { value: 'predictable_csv_wave', label: 'Predictable CSV Wave' },
  { value: 'no_data_points', label: 'No Data Points' },
] as const;

type Scenario = (typeof SCENARIOS)[number]['value'];

/** [label, key] of the number fields of a scenario, in Grafana's order. */
const RANDOM_WALK_NUMBERS = [
  ['Series count', 'seriesCount'],
  ['Seed', 'seed'],
  ['Start value', 'startValue'],
  ['Min', 'min'],
  ['Max', 'max'],
  ['Spread', 'spread'],
  ['Noise', 'noise'],
  ['Drop percent', 'drop'],
] as const;
const PULSE_NUMBERS = [
  ['Step (seconds)', 'timeStep'],
  ['On count', 'onCount'],
  ['Off count', 'offCount'],
  ['On value', 'onValue'],
  ['Off value', 'offValue'],
] as const;

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** TestData: the scenario and its fields (names as in Grafana's TestData data source). */
export function TestDataQuery({ target, onChange, onRun }: QueryEditorProps) {
  const scenario = (text(target.scenarioId) || 'random_walk') as Scenario;
  const set = (key: string, value: unknown) => onChange(setKey(target, key, value));
  /** The number field of `values[key]`, changed through `setValue`. */
  const numberField = (
    values: Record<string, unknown>,
    setValue: (key: string, value: unknown) => void,
    [label, key]: readonly [string, string],
  ) => (
    <NumberField
      key={key}
      label={label}
      value={num(values[key])}
      onChange={(v) => setValue(key, v)}
      onCommit={onRun}
    />
  );
  const pulse = (target.pulseWave ?? {}) as Record<string, unknown>;
  const setPulse = (key: string, value: unknown) =>
    onChange(setKey(target, 'pulseWave', { ...pulse, [key]: value }));
  const waves = Array.isArray(target.csvWave) ? (target.csvWave as Record<string, unknown>[]) : [];
  const wave = waves[0] ?? {};
  const setWave = (key: string, value: unknown) =>
    onChange(setKey(target, 'csvWave', [{ ...wave, [key]: value }, ...waves.slice(1)]));

  return (
    <div className="query-fields">
      <SelectField
        label="Scenario"
        value={scenario}
        options={SCENARIOS}
        onChange={(value) => onChange(setKey(target, 'scenarioId', value), true)}
      />
      <TextField
        label="Alias"
        value={text(target.alias)}
        onChange={(v) => set('alias', v)}
        onCommit={onRun}
      />
      {scenario === 'random_walk' && (
        <>
          <TextField
            label="Labels"
            value={text(target.labels)}
            placeholder='key="value", key2="value"'
            onChange={(v) => set('labels', v)}
            onCommit={onRun}
          />
          {RANDOM_WALK_NUMBERS.map((field) => numberField(target, set, field))}
        </>
      )}
      {scenario === 'csv_content' && (
        <TextField
          label="CSV content"
          multiline
          rows={5}
          code
          value={text(target.csvContent)}
          onChange={(v) => set('csvContent', v)}
          onCommit={onRun}
        />
      )}
      {scenario === 'predictable_pulse' && PULSE_NUMBERS.map((field) => numberField(pulse, setPulse, field))}
      {scenario === 'predictable_csv_wave' && (
        <>
          {numberField(wave, setWave, ['Step (seconds)', 'timeStep'])}
          <TextField
            label="Values CSV"
            value={text(wave.valuesCSV)}
            placeholder="0,1,2,1"
            onChange={(v) => setWave('valuesCSV', v)}
            onCommit={onRun}
          />
          <TextField
            label="Series name"
            value={text(wave.name)}
            onChange={(v) => setWave('name', v)}
            onCommit={onRun}
          />
        </>
      )}
    </div>
  );
}
