import { useState } from 'react';
import { TextField } from '../common/fields.js';
import type { QueryEditorProps } from './query-types.js';

/** Any other data source: the query's fields as JSON. */
export function GenericQuery({ target, onChange }: QueryEditorProps) {
  const { refId, datasource, ...fields } = target;
  const [text, setText] = useState(() => JSON.stringify(fields, null, 2));
  const [error, setError] = useState<string>();
  return (
    <div className="query-fields wide">
      <TextField
        label="Query (JSON)"
        multiline
        rows={5}
        code
        value={text}
        onChange={setText}
        onCommit={() => {
          try {
            const parsed: unknown = JSON.parse(text);
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
              throw new Error('the query must be a JSON object');
            setError(undefined);
            onChange({ ...(parsed as Record<string, unknown>), refId, datasource }, true);
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : String(caught));
          }
        }}
      />
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}
