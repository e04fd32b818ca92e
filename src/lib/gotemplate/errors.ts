/**
 * Template errors carry Go's exact message (`template: name:3: unexpected EOF`,
 * `template: name:1:5: executing "name" at <.X>: …`) plus the same facts as fields, so a caller
 * can point at the problem without parsing the text.
 */

import type { AnyNode } from './ast.js';
import { nodeString } from './ast.js';
import { quote } from './fmt.js';
import { byteLength } from './values.js';

type TemplateErrorKind = 'parse' | 'exec' | 'output';

interface ErrorLocation {
  /** The name the text was parsed under (a file or field name). */
  parseName: string;
  line: number;
  /** Byte offset within the line, counted from 0, as Go reports it; exec errors only. */
  column?: number;
}

export class TemplateError extends Error {
  override readonly name = 'TemplateError';

  constructor(
    message: string,
    readonly kind: TemplateErrorKind,
    readonly location?: ErrorLocation,
  ) {
    super(message);
  }
}

export function parseError(parseName: string, line: number, message: string): TemplateError {
  return new TemplateError(`template: ${parseName}:${line}: ${message}`, 'parse', { parseName, line });
}

/** An execution error at a node: Go reports the byte column within the line, counted from 0. */
export function execError(node: AnyNode, templateName: string, message: string): TemplateError {
  const text = node.source.text.slice(0, node.pos);
  const lineStart = text.lastIndexOf('\n') + 1;
  const line = 1 + (text.match(/\n/g)?.length ?? 0);
  const column = byteLength(text.slice(lineStart));
  const { parseName } = node.source;
  return new TemplateError(
    `template: ${parseName}:${line}:${column}: executing ${quote(templateName)} at <${nodeString(node)}>: ${message}`,
    'exec',
    { parseName, line, column },
  );
}

/** Thrown by the output writer when the size limit is reached. */
export function outputLimitError(): TemplateError {
  return new TemplateError('template output exceeds maximum size', 'output');
}
