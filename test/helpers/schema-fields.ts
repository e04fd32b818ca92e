/**
 * Reading a route's JSON schema (TypeBox output) to derive requests from it: the fields of a body,
 * a minimal valid value of each, a value of the wrong JSON type, and where strings lack a limit.
 */

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
  enum?: unknown[];
}

/** A field of a body: `['queryHistory', 'homeTab']`, an array's item as index 0 (`['tags', '0']`). */
export interface Field {
  path: string[];
  schema: Schema;
}

/** The schema itself and, for a union, each of its alternatives. */
const branches = (schema: Schema): Schema[] => (schema.anyOf ? schema.anyOf.flatMap(branches) : [schema]);

/** The alternative of a field of a given JSON type, if it has one. */
export const branchOf = (schema: Schema, type: string): Schema | undefined =>
  branches(schema).find((b) => b.type === type && b.const === undefined && b.enum === undefined);

/** Every field a body names: properties, properties of nested objects, and items of arrays. */
export function fieldsOf(schema: Schema, path: string[] = []): Field[] {
  const fields: Field[] = [];
  for (const branch of branches(schema)) {
    if (branch.type === 'object' && branch.properties) {
      for (const [name, property] of Object.entries(branch.properties)) {
        const at = [...path, name];
        fields.push({ path: at, schema: property }, ...fieldsOf(property, at));
      }
    }
    if (branch.type === 'array' && branch.items) {
      const at = [...path, '0'];
      fields.push({ path: at, schema: branch.items }, ...fieldsOf(branch.items, at));
    }
  }
  return fields;
}

/**
 * Every string a schema accepts, with where it is (`.name`, `.tags[]`, `.secureJsonData{}`), that
 * has no maxLength: literals and formats are bounded by what they allow.
 */
export function unlimitedStrings(schema: Schema, path = ''): string[] {
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap((b) => unlimitedStrings(b, path)))];
  if (schema.type === 'string')
    return schema.maxLength === undefined && schema.const === undefined && !schema.enum && !schema.format
      ? [path]
      : [];
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    found.push(...unlimitedStrings(property, `${path}.${name}`));
  if (schema.items) found.push(...unlimitedStrings(schema.items, `${path}[]`));
  for (const value of Object.values(schema.patternProperties ?? {}))
    found.push(...unlimitedStrings(value, `${path}{}`));
  if (typeof schema.additionalProperties === 'object')
    found.push(...unlimitedStrings(schema.additionalProperties, `${path}{}`));
  return found;
}

/** A minimal value the schema accepts: required properties only, the first alternative of a union. */
export function exampleOf(schema: Schema): unknown {
  const branch = branches(schema).find((b) => b.type !== 'null') ?? schema;
  if (branch.const !== undefined) return branch.const;
  if (branch.enum) return branch.enum[0];
  switch (branch.type) {
    case 'string':
      return 'x'.repeat(Math.max(branch.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(branch.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of branch.required ?? []) value[name] = exampleOf(branch.properties![name]!);
      return value;
    }
    default:
      return {};
  }
}

const JSON_TYPES: [string, unknown][] = [
  ['integer', 12345],
  ['string', 'text'],
  ['boolean', true],
  ['array', ['text']],
  ['object', { key: 'text' }],
];

/** A value of a JSON type the field does not accept at all; undefined when it accepts any. */
export function wrongTypeOf(schema: Schema): unknown {
  const accepted = new Set(branches(schema).map((b) => b.type));
  if (accepted.has(undefined)) return undefined;
  if (accepted.has('number')) accepted.add('integer');
  return JSON_TYPES.find(([type]) => !accepted.has(type))?.[1];
}

/** A copy of `body` with `value` at `path`, creating the objects and arrays on the way. */
export function withValue(body: unknown, path: string[], value: unknown, schema: Schema): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (/^\d+$/.test(head)) {
    const items = branchOf(schema, 'array')?.items ?? {};
    const list = Array.isArray(body) ? [...(body as unknown[])] : [];
    list[Number(head)] = withValue(list[Number(head)] ?? exampleOf(items), rest, value, items);
    return list;
  }
  const object = branchOf(schema, 'object') ?? {};
  const property = object.properties?.[head] ?? {};
  const current = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const inner = current[head] ?? (rest.length ? exampleOf(property) : undefined);
  return { ...current, [head]: withValue(inner, rest, value, property) };
}
