import type { Threshold, ThresholdsConfig } from '../../lib/frames.js';
import { CLASSIC_PALETTE } from '../../lib/colors.js';
import { DEFAULT_THRESHOLDS } from '../../lib/field-config.js';
import { CloseIcon } from '../../app/icons.js';

/** Threshold steps, highest first as Grafana lists them; the base step has no value. */
export function ThresholdsEditor({
  value,
  onChange,
}: {
  value: ThresholdsConfig | undefined;
  onChange: (value: ThresholdsConfig) => void;
}) {
  const config = value && value.steps.length > 0 ? value : DEFAULT_THRESHOLDS;
  const steps = config.steps;
  const setSteps = (next: Threshold[]) =>
    onChange({
      ...config,
      steps: [...next].sort((a, b) => (a.value ?? -Infinity) - (b.value ?? -Infinity)),
    });
  const add = () => {
    const top = Math.max(0, ...steps.map((s) => s.value ?? 0));
    setSteps([...steps, { value: top + 10, color: CLASSIC_PALETTE[steps.length % CLASSIC_PALETTE.length]! }]);
  };
  const shown = steps.map((step, index) => ({ step, index })).reverse();
  return (
    <fieldset className="thresholds" aria-label="Thresholds">
      <legend>Thresholds</legend>
      <label className="field inline">
        <span>Mode</span>
        <select
          value={config.mode ?? 'absolute'}
          onChange={(event) => onChange({ ...config, mode: event.target.value as 'absolute' | 'percentage' })}
        >
          <option value="absolute">Absolute</option>
          <option value="percentage">Percentage</option>
        </select>
      </label>
      {shown.map(({ step, index }) => (
        <div key={`${index}:${step.value}`} className="threshold-step">
          <input
            aria-label={`Threshold color ${index === 0 ? 'base' : index}`}
            className="color-input"
            value={step.color}
            onChange={(event) =>
              setSteps(steps.map((s, i) => (i === index ? { ...s, color: event.target.value } : s)))
            }
          />
          <span className="swatch" style={{ background: step.color }} />
          {step.value === null || index === 0 ? (
            <span className="muted">Base</span>
          ) : (
            <>
              <input
                aria-label={`Threshold value ${index}`}
                inputMode="decimal"
                defaultValue={String(step.value)}
                onBlur={(event) => {
                  const n = Number(event.target.value);
                  if (event.target.value.trim() !== '' && Number.isFinite(n))
                    setSteps(steps.map((s, i) => (i === index ? { ...s, value: n } : s)));
                }}
              />
              <button
                type="button"
                className="icon"
                aria-label={`Remove threshold ${index}`}
                onClick={() => setSteps(steps.filter((_, i) => i !== index))}
              >
                <CloseIcon />
              </button>
            </>
          )}
        </div>
      ))}
      <button type="button" onClick={add}>
        + Add threshold
      </button>
    </fieldset>
  );
}
