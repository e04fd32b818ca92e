import { useEffect, useState } from 'react';
import { splitList } from './policyTree.js';

/** A comma-separated list in one text input (group by labels); the text is kept while typing. */
export function ListInput({
  id,
  value,
  disabled,
  placeholder,
  onChange,
}: {
  id: string;
  value: string[];
  disabled?: boolean;
  placeholder?: string;
  onChange: (value: string[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    setText((current) => (splitList(current).join() === value.join() ? current : value.join(', ')));
  }, [value]);
  return (
    <input
      id={id}
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitList(event.target.value));
      }}
    />
  );
}
