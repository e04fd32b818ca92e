import { useEffect, useState } from 'react';
import { SelectField, TextField } from '../common/fields.js';
import { setKey, type QueryEditorProps } from './query-types.js';
import { columnsSql, runListing, selectSql, tablesSql } from './sql-schema.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** SQL: the raw query, its format, and a table/column picker that writes a starting query. */
export function SqlQuery({ target, datasource, onChange, onRun }: QueryEditorProps) {
  return (
    <div className="query-fields wide">
      <TablePicker datasource={datasource} onUse={(sql) => onChange(setKey(target, 'rawSql', sql), true)} />
      <TextField
        label="SQL query"
        multiline
        rows={5}
        code
        value={text(target.rawSql)}
        placeholder="SELECT $__time(time_column), value FROM my_table WHERE $__timeFilter(time_column)"
        onChange={(v) => onChange(setKey(target, 'rawSql', v))}
        onCommit={onRun}
      />
      <SelectField
        label="Format"
        value={text(target.format) === 'time_series' ? 'time_series' : 'table'}
        options={[
          { value: 'table', label: 'Table' },
          { value: 'time_series', label: 'Time series' },
        ]}
        onChange={(value) => onChange(setKey(target, 'format', value), true)}
      />
    </div>
  );
}

function TablePicker({
  datasource,
  onUse,
}: {
  datasource: { uid: string; type: string };
  onUse: (sql: string) => void;
}) {
  const [tables, setTables] = useState<string[]>();
  const [table, setTable] = useState('');
  const [columns, setColumns] = useState<{ name: string; type?: string }[]>();
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    setTables(undefined);
    setError(undefined);
    runListing(datasource, tablesSql(datasource.type)).then(
      (rows) => setTables(rows.map((r) => r.name)),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, [datasource.uid, datasource.type]);

  useEffect(() => {
    setColumns(undefined);
    setPicked([]);
    if (!table) return;
    runListing(datasource, columnsSql(datasource.type, table)).then(setColumns, (caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, [table, datasource.uid, datasource.type]);

  return (
    <div className="table-picker" role="group" aria-label="Table and columns">
      <label className="field">
        <span>Table</span>
        <select value={table} onChange={(event) => setTable(event.target.value)} disabled={!tables}>
          <option value="">{tables ? 'Choose a table' : 'Loading tables…'}</option>
          {tables?.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {columns && (
        <fieldset className="columns">
          <legend>Columns</legend>
          {columns.map((column) => (
            <label key={column.name} className="checkbox">
              <input
                type="checkbox"
                checked={picked.includes(column.name)}
                onChange={(event) =>
                  setPicked(
                    event.target.checked ? [...picked, column.name] : picked.filter((c) => c !== column.name),
                  )
                }
              />
              {column.name}
              {column.type && <span className="muted"> {column.type}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {table && (
        <button type="button" onClick={() => onUse(selectSql(datasource.type, table, picked))}>
          Use table in query
        </button>
      )}
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}
