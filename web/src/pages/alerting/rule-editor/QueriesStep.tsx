import type { ReactNode } from 'react';
import type { DataSourceInfo } from '../../../api/datasources.js';
import type { AlertQuery } from '../../../api/rule-editor.js';
import { defaultTarget } from '../../../editor/model/defaults.js';
import { editorFor } from '../../../editor/panel/Queries.js';
import type { Target } from '../../../lib/model.js';
import {
  dataQuery,
  durationSeconds,
  EXPRESSION_TYPES,
  expression,
  isExpression,
  nextRefId,
  type ClassicCondition,
  type ExpressionType,
  type FieldErrors,
} from './model.js';
import { CloseIcon } from '../../../app/icons.js';

const THRESHOLD_TYPES = [
  { value: 'gt', label: 'Is above' },
  { value: 'lt', label: 'Is below' },
  { value: 'gte', label: 'Is above or equal to' },
  { value: 'lte', label: 'Is below or equal to' },
  { value: 'eq', label: 'Is equal to' },
  { value: 'ne', label: 'Is not equal to' },
  { value: 'within_range', label: 'Is within range' },
  { value: 'outside_range', label: 'Is outside range' },
];
const CLASSIC_EVALUATORS = [...THRESHOLD_TYPES.slice(0, 2), ...THRESHOLD_TYPES.slice(6)];
const REDUCERS = ['last', 'mean', 'min', 'max', 'sum', 'count'];
const REDUCE_MODES = [
  { value: 'strict', label: 'Strict' },
  { value: 'dropNN', label: 'Drop non-numeric values' },
  { value: 'replaceNN', label: 'Replace non-numeric values' },
];
const CLASSIC_REDUCERS = ['avg', 'sum', 'min', 'max', 'count', 'last', 'median', 'diff', 'count_non_null'];
const DOWNSAMPLERS = ['mean', 'sum', 'min', 'max', 'last'];
const UPSAMPLERS = [
  { value: 'fillna', label: 'fillna' },
  { value: 'pad', label: 'pad' },
  { value: 'backfilling', label: 'backfilling' },
];
const twoParams = (type: string) => type.endsWith('range');
/** A model's scalar as text (what the inputs show); anything else as `fallback`. */
const text = (value: unknown, fallback = '') =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => {
          const { value: v, label: l } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </label>
  );
}

function Input({
  label,
  value,
  onChange,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <input
        aria-label={label}
        value={value}
        style={width ? { width } : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** Threshold values as typed: numbers stay numbers, anything else stays text for validation to name. */
const param = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

function EvaluatorFields({
  refId,
  evaluator,
  types,
  onChange,
}: {
  refId: string;
  evaluator: { type?: string; params?: unknown[] };
  types: readonly { value: string; label: string }[];
  onChange: (evaluator: { type: string; params: unknown[] }) => void;
}) {
  const type = evaluator.type ?? 'gt';
  const params = evaluator.params ?? [];
  const setParam = (index: number, text: string) => {
    const next = [...params];
    next[index] = param(text);
    onChange({ type, params: next });
  };
  return (
    <>
      <Select
        label={`${refId} evaluator`}
        value={type}
        options={types}
        onChange={(value) =>
          onChange({
            type: value,
            params: twoParams(value) ? [params[0] ?? 0, params[1] ?? 0] : [params[0] ?? 0],
          })
        }
      />
      <Input
        label={`${refId} threshold`}
        value={text(params[0], '')}
        onChange={(v) => setParam(0, v)}
        width={90}
      />
      {twoParams(type) && (
        <Input
          label={`${refId} threshold to`}
          value={text(params[1], '')}
          onChange={(v) => setParam(1, v)}
          width={90}
        />
      )}
    </>
  );
}

/** The fields of one server-side expression, by its type. */
function ExpressionFields({
  query,
  inputs,
  onChange,
}: {
  query: AlertQuery;
  inputs: string[];
  onChange: (model: Record<string, unknown>) => void;
}) {
  const model = query.model ?? {};
  const refId = query.refId;
  const set = (patch: Record<string, unknown>) => onChange({ ...model, ...patch });
  const input = typeof model.expression === 'string' ? model.expression : '';
  const inputSelect = (
    <Select
      label={`${refId} input`}
      value={input}
      options={[...(inputs.includes(input) ? [] : [{ value: input, label: input || 'Choose' }]), ...inputs]}
      onChange={(value) => set({ expression: value })}
    />
  );
  switch (model.type) {
    case 'math':
      return (
        <label className="field grow">
          <span>{refId} math expression</span>
          <input
            aria-label={`${refId} math expression`}
            className="code"
            value={input}
            placeholder="$A > 0"
            onChange={(event) => set({ expression: event.target.value })}
          />
        </label>
      );
    case 'reduce': {
      const settings = (model.settings ?? {}) as { mode?: string; replaceWithValue?: unknown };
      const mode = settings.mode || 'strict';
      return (
        <>
          {inputSelect}
          <Select
            label={`${refId} function`}
            value={text(model.reducer, 'last')}
            options={REDUCERS}
            onChange={(value) => set({ reducer: value })}
          />
          <Select
            label={`${refId} mode`}
            value={mode}
            options={REDUCE_MODES}
            onChange={(value) =>
              set({
                settings: value === 'replaceNN' ? { mode: value, replaceWithValue: 0 } : { mode: value },
              })
            }
          />
          {mode === 'replaceNN' && (
            <Input
              label={`${refId} replace with`}
              value={text(settings.replaceWithValue, '')}
              onChange={(v) => set({ settings: { mode, replaceWithValue: param(v) } })}
              width={80}
            />
          )}
        </>
      );
    }
    case 'threshold': {
      const conditions = (Array.isArray(model.conditions) ? model.conditions : []) as ClassicCondition[];
      return (
        <>
          {inputSelect}
          <EvaluatorFields
            refId={refId}
            evaluator={conditions[0]?.evaluator ?? {}}
            types={THRESHOLD_TYPES}
            onChange={(evaluator) => set({ conditions: [{ ...conditions[0], evaluator }] })}
          />
        </>
      );
    }
    case 'resample':
      return (
        <>
          {inputSelect}
          <Input
            label={`${refId} window`}
            value={text(model.window, '')}
            onChange={(v) => set({ window: v })}
            width={70}
          />
          <Select
            label={`${refId} downsample`}
            value={text(model.downsampler, 'mean')}
            options={DOWNSAMPLERS}
            onChange={(value) => set({ downsampler: value })}
          />
          <Select
            label={`${refId} upsample`}
            value={text(model.upsampler, 'fillna')}
            options={UPSAMPLERS}
            onChange={(value) => set({ upsampler: value })}
          />
        </>
      );
    case 'classic_conditions': {
      const conditions = (Array.isArray(model.conditions) ? model.conditions : []) as ClassicCondition[];
      const setCondition = (index: number, next: ClassicCondition | undefined) =>
        set({
          conditions: next
            ? conditions.map((c, i) => (i === index ? next : c))
            : conditions.filter((_, i) => i !== index),
        });
      return (
        <div className="re-classic">
          {conditions.map((condition, index) => {
            const name = `${refId} condition ${index + 1}`;
            return (
              <div key={index} className="re-fields" role="group" aria-label={name}>
                {index === 0 ? (
                  <span className="muted">WHEN</span>
                ) : (
                  <Select
                    label={`${name} operator`}
                    value={condition.operator?.type ?? 'and'}
                    options={['and', 'or']}
                    onChange={(value) => setCondition(index, { ...condition, operator: { type: value } })}
                  />
                )}
                <Select
                  label={`${name} reducer`}
                  value={condition.reducer?.type ?? 'avg'}
                  options={CLASSIC_REDUCERS}
                  onChange={(value) =>
                    setCondition(index, { ...condition, reducer: { type: value, params: [] } })
                  }
                />
                <Select
                  label={`${name} query`}
                  value={condition.query?.params?.[0] ?? ''}
                  options={inputs}
                  onChange={(value) => setCondition(index, { ...condition, query: { params: [value] } })}
                />
                <EvaluatorFields
                  refId={name}
                  evaluator={condition.evaluator ?? {}}
                  types={CLASSIC_EVALUATORS}
                  onChange={(evaluator) => setCondition(index, { ...condition, evaluator })}
                />
                {conditions.length > 1 && (
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove ${name}`}
                    onClick={() => setCondition(index, undefined)}
                  >
                    <CloseIcon />
                  </button>
                )}
              </div>
            );
          })}
          <button
            type="button"
            onClick={() =>
              set({
                conditions: [
                  ...conditions,
                  {
                    type: 'query',
                    query: { params: [inputs[0] ?? ''] },
                    reducer: { type: 'avg', params: [] },
                    evaluator: { type: 'gt', params: [0] },
                    operator: { type: 'and' },
                  },
                ],
              })
            }
          >
            + Add condition
          </button>
        </div>
      );
    }
    default:
      return <span className="muted">Unknown expression type {String(model.type)}: shown as saved.</span>;
  }
}

/** One query or expression: its header (name, source, remove) and its editor. */
function Row({
  query,
  label,
  error,
  source,
  children,
  preview,
  onRemove,
}: {
  query: AlertQuery;
  label: string;
  error?: string;
  source: ReactNode;
  children: ReactNode;
  preview: ReactNode;
  onRemove: () => void;
}) {
  return (
    <div
      className={`query-row re-query${error ? ' has-error' : ''}`}
      role="group"
      aria-label={label}
      data-field={`query.${query.refId}`}
    >
      <div className="query-row-header">
        <strong>{query.refId}</strong>
        {source}
        <div className="spacer" />
        <button type="button" className="icon" aria-label={`Remove ${query.refId}`} onClick={onRemove}>
          <CloseIcon />
        </button>
      </div>
      {children}
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      {preview}
    </div>
  );
}

/**
 * The rule's queries (each with its data source's own query editor, as in the panel editor) and
 * its server-side expressions, then the condition.
 */
export function QueriesStep({
  data,
  condition,
  datasources,
  errors,
  preview,
  onChange,
  onCondition,
  onRun,
}: {
  data: AlertQuery[];
  condition: string;
  datasources: DataSourceInfo[];
  errors: FieldErrors;
  preview: (refId: string) => ReactNode;
  onChange: (data: AlertQuery[]) => void;
  onCondition: (refId: string) => void;
  onRun: () => void;
}) {
  const replace = (index: number, next: AlertQuery) => onChange(data.map((q, i) => (i === index ? next : q)));
  const remove = (index: number) => onChange(data.filter((_, i) => i !== index));
  const fallback = datasources.find((d) => d.isDefault) ?? datasources[0];

  return (
    <div className="re-queries">
      {data.map((query, index) => {
        const others = data.filter((q) => q.refId !== query.refId).map((q) => q.refId);
        const error = errors[`query.${query.refId}`];
        if (query.datasourceUid === '__expr__') {
          const type = text(query.model?.type, '');
          const typeLabel = EXPRESSION_TYPES.find((t) => t.value === type)?.label ?? type;
          return (
            <Row
              key={`${index}-${query.refId}`}
              query={query}
              label={`Expression ${query.refId}`}
              error={error}
              source={<span className="re-badge">{typeLabel}</span>}
              preview={preview(query.refId)}
              onRemove={() => remove(index)}
            >
              <div className="re-fields">
                <ExpressionFields
                  query={query}
                  inputs={others}
                  onChange={(model) => replace(index, { ...query, model })}
                />
              </div>
            </Row>
          );
        }
        const ds = datasources.find((d) => d.uid === query.datasourceUid);
        const Editor = editorFor(ds?.type ?? '');
        const from = query.relativeTimeRange?.from ?? 600;
        return (
          <Row
            key={`${index}-${query.refId}`}
            query={query}
            label={`Query ${query.refId}`}
            error={error}
            preview={preview(query.refId)}
            onRemove={() => remove(index)}
            source={
              <>
                <Select
                  label={`Data source of query ${query.refId}`}
                  value={query.datasourceUid}
                  options={[
                    ...(ds
                      ? []
                      : [
                          {
                            value: query.datasourceUid,
                            label: query.datasourceUid || 'Choose a data source',
                          },
                        ]),
                    ...datasources.map((d) => ({ value: d.uid, label: d.name })),
                  ]}
                  onChange={(uid) => {
                    const next = datasources.find((d) => d.uid === uid);
                    replace(index, {
                      ...dataQuery(
                        query.refId,
                        uid,
                        next?.type === ds?.type ? (query.model ?? {}) : defaultTarget(next, query.refId),
                      ),
                      relativeTimeRange: query.relativeTimeRange,
                    });
                  }}
                />
                <RangeField
                  refId={query.refId}
                  seconds={from}
                  onChange={(seconds) =>
                    replace(index, { ...query, relativeTimeRange: { from: seconds, to: 0 } })
                  }
                />
              </>
            }
          >
            {ds ? (
              <Editor
                target={{ ...(query.model as Target), refId: query.refId }}
                datasource={{ uid: ds.uid, type: ds.type, name: ds.name }}
                onChange={(target, run) => {
                  replace(index, { ...query, model: { ...target, refId: query.refId } });
                  if (run) onRun();
                }}
                onRun={onRun}
              />
            ) : (
              <div className="field-error">Data source {query.datasourceUid} was not found</div>
            )}
          </Row>
        );
      })}
      {errors.data && (
        <div className="field-error" role="alert" data-field="data">
          {errors.data}
        </div>
      )}
      <div className="re-actions">
        <button
          type="button"
          disabled={!fallback}
          onClick={() =>
            onChange([
              ...data,
              dataQuery(nextRefId(data), fallback!.uid, defaultTarget(fallback, nextRefId(data))),
            ])
          }
        >
          + Add query
        </button>
        <label className="field inline">
          <span>Add expression</span>
          <select
            aria-label="Add expression"
            value=""
            onChange={(event) => {
              const type = event.target.value as ExpressionType;
              if (!type) return;
              const last = data[data.length - 1]?.refId ?? 'A';
              const added = expression(nextRefId(data), type, last);
              onChange([...data, added]);
            }}
          >
            <option value="">Choose a type</option>
            {EXPRESSION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={`re-field${errors.condition ? ' has-error' : ''}`} data-field="condition">
        <Select
          label="Alert condition"
          value={condition}
          options={[
            ...(data.some((q) => q.refId === condition)
              ? []
              : [{ value: condition, label: condition || 'Choose' }]),
            ...data.map((q) => ({
              value: q.refId,
              label: `${q.refId}${isExpression(q) ? ` (${String(q.model?.type)})` : ''}`,
            })),
          ]}
          onChange={onCondition}
        />
        {errors.condition && (
          <div className="field-error" role="alert">
            {errors.condition}
          </div>
        )}
      </div>
    </div>
  );
}

/** A query's time range: the last N (from now). */
function RangeField({
  refId,
  seconds,
  onChange,
}: {
  refId: string;
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const text =
    seconds % 3600 === 0 ? `${seconds / 3600}h` : seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;
  return (
    <label className="field inline">
      <span>Last</span>
      <select
        aria-label={`Time range of query ${refId}`}
        value={text}
        onChange={(event) => onChange(durationSeconds(event.target.value) ?? 600)}
      >
        {[...new Set([text, '1m', '5m', '10m', '30m', '1h', '3h', '6h', '24h'])].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
}
