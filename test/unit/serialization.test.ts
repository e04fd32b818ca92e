import { describe, expect, it } from 'vitest';
import { buildSerializer } from '../../src/http/serialization.js';

type Compile = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
}) => (data: unknown) => string;
const schema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
};
const route = { schema, method: 'GET', url: '/api/things/:id', httpStatus: '200' };
const compile = (checked: boolean) =>
  (buildSerializer(checked) as unknown as (s: unknown, o: unknown) => Compile)({}, {})(route);

describe('the response serializer', () => {
  it('serves what the schema declares', () => {
    expect(JSON.parse(compile(true)({ id: 1, name: 'a' }))).toEqual({ id: 1, name: 'a' });
  });

  it('checked, refuses an answer the schema would alter: an undeclared field, a coerced value', () => {
    expect(() => compile(true)({ id: 1, name: 'a', secret: 's' })).toThrow(
      'GET /api/things/:id does not match its schema at /secret (not in the schema)',
    );
    expect(() => compile(true)({ id: '7', name: 'a' })).toThrow(/at \/id \(served 7, value "7"\)/);
  });

  it('unchecked (production), drops what the schema does not declare, as fast-json-stringify does', () => {
    expect(JSON.parse(compile(false)({ id: 1, name: 'a', secret: 's' }))).toEqual({ id: 1, name: 'a' });
  });
});
