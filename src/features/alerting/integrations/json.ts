/**
 * JSON bodies as Go's encoding/json writes them: structs keep their field order (`struct()`),
 * maps are sorted, `<`, `>` and `&` are escaped. Undefined fields are left out (omitempty).
 */

import { marshalJSON } from '../templates/index.js';

class GoStruct {
  constructor(private readonly fields: Record<string, unknown>) {}

  toJSON(): Record<string, unknown> {
    return this.fields;
  }
}

export function struct(fields: Record<string, unknown>): GoStruct {
  return new GoStruct(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
}

export function toJson(value: unknown): string {
  return marshalJSON(value);
}
