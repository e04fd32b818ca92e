/**
 * Table-driven template tests. Each case names Go's output (and error text) for a template and
 * its data; the expectations come from Go's text/template, not from this implementation.
 */

import { expect, it } from 'vitest';
import { goFunc, TemplateSet, type FuncMap, type MissingKey } from '../../../src/lib/gotemplate/index.js';

/** Functions the cases may call (the Go reference run declares the same signatures). */
const testFuncs: FuncMap = {
  double: goFunc(['int'], (x: number) => x * 2),
  half: goFunc(['float64'], (x: { value: number }) => x.value / 2),
  pair: goFunc(['string', 'string'], (a: string, b: string) => `${a}+${b}`),
  fail: goFunc(['string'], (message: string) => {
    throw new Error(message);
  }),
};

export interface TemplateCase {
  name: string;
  /** Parsed as template "t", which is then executed... */
  template?: string;
  /** ...or these, parsed in order, then `exec` is executed. */
  templates?: Array<[string, string]>;
  exec?: string;
  data?: unknown;
  missingKey?: MissingKey;
  /** Expected output; on an execution error, the partial output. */
  want: string;
  /** Expected error message, verbatim. */
  err?: string;
  /** The behaviour is that of Go since this release (range over int: 1.22, else with: 1.23). */
  since?: string;
}

function render(c: TemplateCase, funcs: FuncMap = testFuncs): { output: string; error?: string } {
  const set = new TemplateSet({ funcs, missingKey: c.missingKey });
  const sources = c.templates ?? [['t', c.template ?? '']];
  try {
    for (const [name, text] of sources) set.parse(name, text);
  } catch (err) {
    return { output: '', error: (err as Error).message };
  }
  const result = set.execute(c.exec ?? 't', c.data);
  return result.error ? { output: result.output, error: result.error.message } : { output: result.output };
}

export function itRendersLikeGo(cases: readonly TemplateCase[], funcs: FuncMap = testFuncs): void {
  it.each(cases)('$name', (c) => {
    const expected = c.err === undefined ? { output: c.want } : { output: c.want, error: c.err };
    expect(render(c, funcs)).toEqual(expected);
  });
}
