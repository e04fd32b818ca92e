import { useEffect, useState, type FormEvent } from 'react';
import { updateTeam } from '../../../api/teams.js';
import { Field } from '../shared/Field.js';
import { Notice } from '../shared/Notice.js';
import { SubmitRow } from '../shared/SubmitRow.js';
import type { Team } from '../shared/types.js';
import { useAction } from '../shared/useAction.js';

/** A team's name and email. */
export function TeamSettingsForm({
  team,
  disabled,
  onSaved,
}: {
  team: Team;
  disabled: boolean;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({ name: team.name, email: team.email });
  const action = useAction();
  useEffect(() => setForm({ name: team.name, email: team.email }), [team]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await action.run(() => updateTeam(team.id, form), 'Team saved')) onSaved();
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Team settings">
      <Field label="Team name">
        <input
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          disabled={disabled}
          required
        />
      </Field>
      <Field label="Team email">
        <input
          type="email"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
          disabled={disabled}
        />
      </Field>
      <Notice error={action.error} success={action.success} />
      {!disabled && <SubmitRow label="Save team" disabled={action.busy} />}
    </form>
  );
}
