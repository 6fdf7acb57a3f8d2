import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Hostile values of every kind: wrong types, huge and odd strings, prototype keys, injections. */
export const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('x'.repeat(20_000)),
  fc.constant('😀'.repeat(200)),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000\u0001',
    '../../etc/passwd',
    '-1',
    '1e309',
    'NaN',
    'a\u0000b',
  ),
);

/** A value that usually has the right type, so that validation deeper in the schema is reached too. */
function plausible(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s) return wild;
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(plausible));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      // A NUL byte inside otherwise plausible text: PostgreSQL refuses it, so it must never reach the database.
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.emailAddress(),
        fc.webUrl(),
        fc.string({ maxLength: 20 }).map((v) => `${v}\u0000${v}`),
      );
    case 'integer':
      return fc.integer({ min: -10, max: 1_000_000 });
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(s.items), { maxLength: 6 });
    case 'object':
      return objectOf(s);
    default:
      return wild;
  }
}

function objectOf(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const fields = Object.fromEntries(
    props.map(([key, prop]) => [
      key,
      fc.option(fc.oneof({ weight: 3, arbitrary: plausible(prop) }, { weight: 1, arbitrary: wild }), { nil: undefined, freq: 4 }),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), wild, { maxKeys: 2 }))
    .map(([known, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      for (const [k, v] of Object.entries(known)) if (v !== undefined) body[k] = v;
      return body;
    });
}

/** Bodies for a route, generated from its zod schema (as the request's input type). */
export function bodiesFor(schema: unknown): fc.Arbitrary<unknown> {
  if (!(schema instanceof z.ZodType)) return wild;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fc.oneof({ weight: 4, arbitrary: plausible(json) }, { weight: 1, arbitrary: wild });
}

/** Path parameter values that should never reach a handler as anything but a clean 4xx. */
export const pathValue = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    '0',
    '-1',
    '99999999999999999999',
    '1.5',
    'null',
    '%00',
    'a\u0000b@example.com',
    '..%2F..',
    'x'.repeat(2000),
    '😀',
    'normal',
    'seo',
    'PAUSED',
    'all',
    'pkgBasic',
    '1000Hits',
  ),
  fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
);

/** Raw bodies no JSON parser should accept, and some it should refuse by size or type. */
export const RAW_BODIES: { contentType: string; payload: string; label: string }[] = [
  { contentType: 'application/json', payload: '{"a": ', label: 'truncated JSON' },
  { contentType: 'application/json', payload: '{"__proto__": {"admin": true}}', label: 'prototype pollution' },
  { contentType: 'application/json', payload: '[]]]', label: 'garbage JSON' },
  { contentType: 'application/json', payload: '"just a string"', label: 'JSON string' },
  { contentType: 'application/json', payload: JSON.stringify({ x: 'y'.repeat(300 * 1024) }), label: 'oversized' },
  { contentType: 'text/xml', payload: '<a>1</a>', label: 'unsupported type' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&b[c]=3&%%%', label: 'odd form' },
  {
    contentType: 'application/json',
    payload: '{"email":"a\\u0000@example.com","name":"\\u0000","a\\u0000":1}',
    label: 'NUL bytes in JSON',
  },
  { contentType: 'application/x-www-form-urlencoded', payload: 'title=a%00&body=b&filters=%00', label: 'NUL bytes in a form' },
];
