import { useState } from 'react';
import type { DashboardModel, VariableModel } from '../../lib/model.js';
import { definitionOf } from './variable-definition.js';
import { VariableForm } from './VariableForm.js';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from '../../app/icons.js';

/** The dashboard's variables: list, add, edit, reorder, remove. */
export function VariablesEditor({
  model,
  onChange,
}: {
  model: DashboardModel;
  onChange: (model: DashboardModel) => void;
}) {
  const list = model.templating?.list ?? [];
  const [editing, setEditing] = useState<number | 'new'>();
  const setList = (next: VariableModel[]) =>
    onChange({ ...model, templating: { ...model.templating, list: next } });

  if (editing !== undefined) {
    const variable = editing === 'new' ? undefined : list[editing];
    return (
      <VariableForm
        variable={variable}
        otherNames={list.filter((_, i) => i !== editing).map((v) => v.name)}
        onSave={(saved) => {
          setList(editing === 'new' ? [...list, saved] : list.map((v, i) => (i === editing ? saved : v)));
          setEditing(undefined);
        }}
        onCancel={() => setEditing(undefined)}
      />
    );
  }
  const move = (index: number, by: number) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setList(next);
  };
  return (
    <div className="variables-editor">
      {list.length === 0 ? (
        <p className="muted">
          Variables make dashboards interactive: a picker at the top changes <code>$name</code> in queries and
          titles.
        </p>
      ) : (
        <table className="list-table">
          <thead>
            <tr>
              <th>Variable</th>
              <th>Type</th>
              <th>Definition</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((variable, index) => (
              <tr key={`${variable.name}-${index}`}>
                <td>
                  <button className="link" onClick={() => setEditing(index)}>
                    {variable.name}
                  </button>
                </td>
                <td>{variable.type}</td>
                <td className="muted">{definitionOf(variable)}</td>
                <td className="row-actions">
                  <button
                    className="icon"
                    aria-label={`Move ${variable.name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    className="icon"
                    aria-label={`Move ${variable.name} down`}
                    disabled={index === list.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon />
                  </button>
                  <button
                    className="icon"
                    aria-label={`Remove variable ${variable.name}`}
                    onClick={() => setList(list.filter((_, i) => i !== index))}
                  >
                    <CloseIcon />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button className="primary" onClick={() => setEditing('new')}>
        New variable
      </button>
    </div>
  );
}
