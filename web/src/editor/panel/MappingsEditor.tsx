import { useState } from 'react';
import type { ValueMapping } from '../../lib/frames.js';
import { CloseIcon } from '../../app/icons.js';

/** One editable line: a value, or a range, shown as a text and/or a colour. */
interface Line {
  kind: 'value' | 'range';
  value: string;
  from: string;
  to: string;
  text: string;
  color: string;
}

type Result = { text?: string; color?: string; index?: number };

function toLines(mappings: ValueMapping[]): Line[] {
  const lines: Line[] = [];
  for (const mapping of mappings) {
    if (mapping.type === 'value') {
      for (const [value, result] of Object.entries(mapping.options as Record<string, Result>))
        lines.push({
          kind: 'value',
          value,
          from: '',
          to: '',
          text: result.text ?? '',
          color: result.color ?? '',
        });
    } else if (mapping.type === 'range') {
      const { from, to, result } = mapping.options as {
        from?: number | null;
        to?: number | null;
        result?: Result;
      };
      lines.push({
        kind: 'range',
        value: '',
        from: from === null || from === undefined ? '' : String(from),
        to: to === null || to === undefined ? '' : String(to),
        text: result?.text ?? '',
        color: result?.color ?? '',
      });
    }
  }
  return lines;
}

function toMappings(lines: Line[], others: ValueMapping[]): ValueMapping[] {
  const result = (line: Line, index: number): Result => ({
    ...(line.text ? { text: line.text } : {}),
    ...(line.color ? { color: line.color } : {}),
    index,
  });
  const values: Record<string, Result> = {};
  const out: ValueMapping[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'value') {
      if (line.value !== '') values[line.value] = result(line, index);
    } else {
      const num = (text: string) =>
        text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text);
      out.push({
        type: 'range',
        options: { from: num(line.from), to: num(line.to), result: result(line, index) },
      });
    }
  });
  if (Object.keys(values).length) out.unshift({ type: 'value', options: values });
  return [...out, ...others];
}

/** Value and range mappings (other kinds in the model are kept as they are). */
export function MappingsEditor({
  value,
  onChange,
}: {
  value: ValueMapping[] | undefined;
  onChange: (value: ValueMapping[]) => void;
}) {
  const mappings = value ?? [];
  const others = mappings.filter((m) => m.type !== 'value' && m.type !== 'range');
  const [lines, setLines] = useState<Line[]>(() => toLines(mappings));
  const update = (next: Line[]) => {
    setLines(next);
    onChange(toMappings(next, others));
  };
  const edit = (index: number, patch: Partial<Line>) =>
    update(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  return (
    <fieldset className="mappings" aria-label="Value mappings">
      <legend>Value mappings</legend>
      {lines.map((line, index) => (
        <div key={index} className="mapping-line">
          <select
            aria-label={`Mapping ${index + 1} type`}
            value={line.kind}
            onChange={(event) => edit(index, { kind: event.target.value as Line['kind'] })}
          >
            <option value="value">Value</option>
            <option value="range">Range</option>
          </select>
          {line.kind === 'value' ? (
            <input
              aria-label={`Mapping ${index + 1} value`}
              placeholder="Value"
              value={line.value}
              onChange={(event) => edit(index, { value: event.target.value })}
            />
          ) : (
            <>
              <input
                aria-label={`Mapping ${index + 1} from`}
                placeholder="From"
                value={line.from}
                onChange={(event) => edit(index, { from: event.target.value })}
              />
              <input
                aria-label={`Mapping ${index + 1} to`}
                placeholder="To"
                value={line.to}
                onChange={(event) => edit(index, { to: event.target.value })}
              />
            </>
          )}
          <input
            aria-label={`Mapping ${index + 1} display text`}
            placeholder="Display text"
            value={line.text}
            onChange={(event) => edit(index, { text: event.target.value })}
          />
          <input
            aria-label={`Mapping ${index + 1} color`}
            placeholder="Color"
            className="color-input"
            value={line.color}
            onChange={(event) => edit(index, { color: event.target.value })}
          />
          <button
            type="button"
            className="icon"
            aria-label={`Remove mapping ${index + 1}`}
            onClick={() => update(lines.filter((_, i) => i !== index))}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          update([...lines, { kind: 'value', value: '', from: '', to: '', text: '', color: '' }])
        }
      >
        + Add value mapping
      </button>
    </fieldset>
  );
}
