/**
 * Expansion of a rule's label and annotation templates for one instance (reference §2.5), as
 * Grafana does it with Prometheus's template expander: the prelude
 * `{{- $labels := .Labels -}}{{- $values := .Values -}}{{- $value := .Value -}}` is prepended,
 * the template is named `__alert_<rule title>`, missing keys print `<no value>` (shown as
 * `[no value]`), and a text that fails keeps its original text. Grafana only logs that failure;
 * svc returns it so the caller can log it and show it.
 */

import { Float64, goType, TemplateError, TemplateSet, type GoTypeInfo } from '../../lib/gotemplate/index.js';
import { formatFloat } from '../../lib/gotemplate/float-format.js';
import type { CapturedValue } from '../alert-expressions/evaluation-result.js';
import { TemplateLabels } from './template-labels.js';
import { ruleTemplateFunctions } from './template-functions.js';

const prelude = '{{- $labels := .Labels -}}{{- $values := .Values -}}{{- $value := .Value -}}';

/** Grafana's `$values.X`: a struct that prints as its value (`'f', -1`), so `{{ $values.B }}` works. */
class TemplateCaptureValue {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly Labels: TemplateLabels,
    readonly Value: Float64,
  ) {}

  String(): string {
    return formatFloat(this.Value.value, 'f', -1);
  }
}
Object.defineProperty(TemplateCaptureValue.prototype, goType, {
  value: { name: 'template.Value', kind: 'struct' },
});

/** The template's dot: a struct, so a misspelt field is an error rather than `<no value>`. */
class TemplateData {
  declare readonly [goType]: GoTypeInfo;

  constructor(
    readonly Labels: TemplateLabels,
    readonly Values: Record<string, TemplateCaptureValue>,
    readonly Value: string,
  ) {}
}
Object.defineProperty(TemplateData.prototype, goType, { value: { name: 'template.Data', kind: 'struct' } });

export interface TemplateInput {
  /** `$labels`: the extra labels merged with the query labels (not the rule's own labels) */
  labels: Record<string, string>;
  /** `$values`; a null value is NaN to the template */
  values: Record<string, CapturedValue>;
  /** `$value`: the evaluation string */
  valueString: string;
}

export interface Expansion {
  expanded: Record<string, string>;
  /** one message per text that failed, naming it: `annotation "summary": template: …` */
  errors: string[];
}

/** The functions per root URL (only `externalURL` differs). */
const functionSets = new Map<string, TemplateSet>();

/**
 * Parsed texts: a rule's texts are the same at every evaluation and for every series, so each is
 * parsed once. Bounded, so edited rules cannot grow it without end; a parse error is cached too.
 */
const parsed = new Map<string, { set: TemplateSet } | { error: TemplateError }>();
const parsedLimit = 5000;

function parsedText(
  externalUrl: string,
  name: string,
  text: string,
): { set: TemplateSet } | { error: TemplateError } {
  const key = `${externalUrl}\0${name}\0${text}`;
  let entry = parsed.get(key);
  if (!entry) {
    let base = functionSets.get(externalUrl);
    if (!base)
      functionSets.set(externalUrl, (base = new TemplateSet({ funcs: ruleTemplateFunctions(externalUrl) })));
    try {
      entry = { set: base.clone().parse(name, prelude + text) };
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      entry = { error: err };
    }
    if (parsed.size >= parsedLimit) parsed.clear();
    parsed.set(key, entry);
  }
  return entry;
}

/** Expands each text of `texts`; `kind` only names the texts in error messages. */
export function expandTemplates(
  texts: Readonly<Record<string, string>>,
  input: TemplateInput,
  options: { ruleTitle: string; externalUrl: string; kind: 'label' | 'annotation' },
): Expansion {
  const expanded: Record<string, string> = {};
  const errors: string[] = [];
  let data: TemplateData | undefined;
  for (const [key, text] of Object.entries(texts)) {
    // Most texts are plain: skip parsing them.
    if (!text.includes('{{')) {
      expanded[key] = text;
      continue;
    }
    data ??= templateData(input);
    const name = `__alert_${options.ruleTitle}`;
    const template = parsedText(options.externalUrl, name, text);
    const result =
      'error' in template ? { output: '', error: template.error } : template.set.execute(name, data);
    if (result.error) {
      expanded[key] = text;
      errors.push(`${options.kind} ${JSON.stringify(key)}: ${result.error.message}`);
    } else {
      expanded[key] = result.output.replaceAll('<no value>', '[no value]');
    }
  }
  return { expanded, errors };
}

function templateData(input: TemplateInput): TemplateData {
  const values: Record<string, TemplateCaptureValue> = {};
  for (const [refId, captured] of Object.entries(input.values)) {
    values[refId] = new TemplateCaptureValue(
      TemplateLabels.of(captured.labels),
      new Float64(captured.value ?? NaN),
    );
  }
  return new TemplateData(TemplateLabels.of(input.labels), values, input.valueString);
}
