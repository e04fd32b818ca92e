import { useEffect, useId, useState } from 'react';

/** Small labelled inputs for the editor forms; `onCommit` runs on blur (e.g. to run queries). */

export function TextField({
  label,
  value,
  onChange,
  onCommit,
  multiline,
  rows = 3,
  placeholder,
  list,
  code,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onCommit?: () => void;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  list?: string;
  code?: boolean;
}) {
  return (
    <label className={`field ${code ? 'code' : ''}`}>
      <span>{label}</span>
      {multiline ? (
        <textarea
          rows={rows}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onCommit}
        />
      ) : (
        <input
          value={value}
          placeholder={placeholder}
          list={list}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onCommit?.();
          }}
        />
      )}
    </label>
  );
}

/** A number or nothing; the text may be mid-typing ("-", "1.") without losing it. */
export function NumberField({
  label,
  value,
  onChange,
  onCommit,
  placeholder,
}: {
  label: string;
  value: number | undefined | null;
  onChange: (value: number | undefined) => void;
  onCommit?: () => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  useEffect(() => {
    const shown = text.trim() === '' ? undefined : Number(text);
    if (shown !== (value ?? undefined)) setText(value === undefined || value === null ? '' : String(value));
    // Only a change from outside rewrites the text.
  }, [value]);
  return (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode="decimal"
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          const trimmed = event.target.value.trim();
          if (trimmed === '') onChange(undefined);
          else if (Number.isFinite(Number(trimmed))) onChange(Number(trimmed));
        }}
        onBlur={onCommit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit?.();
        }}
      />
    </label>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="field check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
