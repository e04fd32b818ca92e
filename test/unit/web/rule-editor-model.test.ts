import { describe, expect, it } from 'vitest';
import { draftFromProvisioned } from '../../../src/features/alert-rules/provisioning.format.js';
import { checkInterval } from '../../../src/features/alert-rules/alert-rules.service.js';
import {
  durationSeconds,
  emptyForm,
  expression,
  EXPRESSION_TYPES,
  fieldOfMessage,
  formFromPrefill,
  formFromRule,
  ruleBody,
  validate,
  type RuleForm,
} from '../../../web/src/pages/alerting/rule-editor/model.js';
import type { ProvisionedRule } from '../../../web/src/api/rule-editor.js';

/** A form the browser finds nothing wrong with. */
function validForm(): RuleForm {
  return formFromPrefill({
    title: 'Too hot',
    dashboardUid: 'dash',
    panelId: 3,
    queries: [{ refId: 'A', datasourceUid: 'prom', model: { refId: 'A', expr: 'up' } }],
  });
}
const filled = (patch: Partial<RuleForm> = {}): RuleForm => ({
  ...validForm(),
  folderUid: 'f1',
  group: 'lab',
  ...patch,
});

/** The message the server's own rule parser gives for `body`, as the API would send it. */
function serverMessage(body: ReturnType<typeof ruleBody>): string {
  try {
    draftFromProvisioned(body);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the server accepted the rule');
}

describe('the rule editor form', () => {
  it('starts a rule from a panel: its queries, last(), a threshold on it as the condition, the panel link', () => {
    const form = validForm();
    expect(form.data.map((q) => [q.refId, q.datasourceUid, q.model?.type])).toEqual([
      ['A', 'prom', undefined],
      ['B', '__expr__', 'reduce'],
      ['C', '__expr__', 'threshold'],
    ]);
    expect(form.condition).toBe('C');
    expect(form.data[1]!.model).toMatchObject({ expression: 'A', reducer: 'last' });
    expect(form.data[2]!.model).toMatchObject({ expression: 'B' });
    expect(ruleBody(filled()).annotations).toEqual({ __dashboardUid__: 'dash', __panelId__: '3' });
  });

  it('gives every expression type a model the server accepts', () => {
    for (const { value } of EXPRESSION_TYPES) {
      const form = filled();
      const data = [...form.data, expression('D', value, 'A')];
      expect(validate({ ...form, data }), value).toEqual({});
      expect(() => draftFromProvisioned(ruleBody({ ...form, data, condition: 'D' })), value).not.toThrow();
    }
  });

  it('names the missing and malformed fields before anything is sent', () => {
    expect(Object.keys(validate(emptyForm())).sort()).toEqual(
      ['condition', 'data', 'folder', 'group', 'title'].sort(),
    );
    const errors = validate(
      filled({
        interval: '15s',
        pending: '5 minutes',
        labels: [{ key: 'bad-name', value: 'x' }],
        panelId: '',
        routing: 'contact',
      }),
    );
    expect(errors).toEqual({
      interval: 'Interval must be a positive multiple of 10s, such as 1m',
      pending: 'Pending period must be a duration such as 5m',
      labels: 'Invalid label name "bad-name"',
      dashboard: 'Set both the dashboard UID and the panel ID, or neither',
      receiver: 'Choose a contact point',
    });
    const form = filled();
    const badInput = form.data.map((q) =>
      q.refId === 'C' ? { ...q, model: { ...q.model, expression: 'Z' } } : q,
    );
    expect(validate({ ...form, data: badInput })).toEqual({
      'query.C': 'Input "Z" is not a query or expression of the rule',
    });
  });

  it('agrees with the server on durations and intervals', () => {
    expect(durationSeconds('1m30s')).toBe(90);
    expect(durationSeconds('0s')).toBe(0);
    expect(durationSeconds('2h')).toBe(7200);
    expect(durationSeconds('5 minutes')).toBeUndefined();
    expect(() => checkInterval(durationSeconds('20s')!)).not.toThrow();
    expect(() => checkInterval(durationSeconds('15s')!)).toThrow();
    expect(validate(filled({ interval: '15s' })).interval).toBeDefined();
  });

  it("maps the server's validation messages to the field they are about", () => {
    const form = filled();
    const refIds = form.data.map((q) => q.refId);
    const at = (patch: Partial<RuleForm>) => {
      const body = ruleBody({ ...form, ...patch });
      return fieldOfMessage(
        serverMessage(body),
        body.data.map((q) => q.refId),
      );
    };
    const withModel = (refId: string, model: Record<string, unknown>) =>
      form.data.map((q) => (q.refId === refId ? { ...q, model: { ...q.model, ...model } } : q));

    expect(at({ title: ' ' })).toBe('title');
    expect(at({ pending: '-1m' })).toBe('pending');
    expect(at({ keepFiringFor: 'soon' })).toBe('keepFiringFor');
    expect(at({ noDataState: 'Maybe' })).toBe('noDataState');
    expect(at({ execErrState: 'Maybe' })).toBe('execErrState');
    expect(at({ labels: [{ key: '1abc', value: 'x' }] })).toBe('labels');
    expect(at({ panelId: '' })).toBe('dashboard');
    expect(at({ condition: '' })).toBe('condition');
    expect(at({ condition: 'Q' })).toBe('condition');
    expect(at({ data: withModel('B', { reducer: 'median' }) })).toBe('query.B');
    expect(at({ data: withModel('B', { type: 'nope' }) })).toBe('query.B');
    expect(at({ data: withModel('C', { expression: 'Z' }) })).toBe('query.C');
    expect(
      at({
        data: [...form.data, expression('D', 'math', 'A')].map((q) =>
          q.refId === 'D' ? { ...q, model: { ...q.model, expression: '$A +' } } : q,
        ),
      }),
    ).toBe('query.D');
    // messages of the routes and the reference check, verbatim
    expect(fieldOfMessage('invalid alert rule: folder does not exist', refIds)).toBe('folder');
    expect(
      fieldOfMessage("invalid alert rule: notification settings: receiver 'x' does not exist", refIds),
    ).toBe('receiver');
    expect(
      fieldOfMessage(
        "invalid alert rule: failed to validate query A: data source with uid 'p' not found",
        refIds,
      ),
    ).toBe('query.A');
    expect(
      fieldOfMessage(
        'invalid alert rule: interval (15s) should be non-zero and divided exactly by scheduler interval: 10',
        refIds,
      ),
    ).toBe('interval');
    expect(fieldOfMessage('rule title under the same organisation and folder should be unique', refIds)).toBe(
      'title',
    );
    expect(fieldOfMessage('something else went wrong', refIds)).toBe('form');
  });

  it('edits a stored rule and sends back what it does not show', () => {
    const stored = {
      uid: 'r1',
      title: 'Stored',
      folderUID: 'f1',
      ruleGroup: 'g',
      condition: 'C',
      data: validForm().data,
      for: '5m',
      keep_firing_for: '0s',
      noDataState: 'OK',
      execErrState: 'Error',
      labels: { team: 'a' },
      annotations: { summary: 's', custom: 'kept' },
      isPaused: true,
      notification_settings: { receiver: 'hook', group_by: ['alertname'] },
      provenance: '',
    } as unknown as ProvisionedRule;
    const form = formFromRule(stored, '1m');
    expect(form).toMatchObject({
      routing: 'contact',
      receiver: 'hook',
      summary: 's',
      pending: '5m',
      interval: '1m',
    });
    expect(ruleBody(form, 'r1')).toMatchObject({
      uid: 'r1',
      annotations: { summary: 's', custom: 'kept' },
      notification_settings: { receiver: 'hook', group_by: ['alertname'] },
      isPaused: true,
      labels: { team: 'a' },
    });
    expect(ruleBody({ ...form, routing: 'policy' }).notification_settings).toBeNull();
  });
});
