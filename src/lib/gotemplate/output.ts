/** The text a template writes, bounded in size (UTF-8 bytes) like Grafana's limited writer. */

import { outputLimitError } from './errors.js';
import { byteLength } from './values.js';

export class Output {
  private text = '';
  /** Exact byte count, tracked only once the text could be near the limit. */
  private bytes: number | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Appends, or throws without appending when the limit would be passed. */
  write(s: string): void {
    // A UTF-16 unit is at most 3 UTF-8 bytes, so short texts need no counting.
    if (this.bytes === undefined && (this.text.length + s.length) * 3 <= this.maxBytes) {
      this.text += s;
      return;
    }
    this.bytes ??= byteLength(this.text);
    const added = byteLength(s);
    if (this.bytes + added > this.maxBytes) throw outputLimitError();
    this.bytes += added;
    this.text += s;
  }

  toString(): string {
    return this.text;
  }
}
