import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]` (how zod writes `.nullable()`) as
 * `{ type: [T, 'null'], … }`: fast-json-stringify validates every value against each branch of
 * an anyOf at run time, but serializes a type list directly.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [value, nothing] = branches as JsonSchema[];
    if (
      isObject(value) &&
      isObject(nothing) &&
      nothing.type === 'null' &&
      Object.keys(nothing).length === 1 &&
      typeof value.type === 'string'
    ) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...value, type: [value.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema. */
export const serializationSchema = (schema: z.ZodType) =>
  simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as JsonSchema;

/**
 * A route's `serializerCompiler` for the hottest reads: the body is written by fast-json-stringify,
 * compiled once from the route's zod response schema (Fastify's own serializer, a third faster
 * than JSON.stringify on a page of cards), instead of a zod pass over every response. Only keys
 * the contract names are written. The service builds these responses field by field, typed
 * against the contract, and the tests hold the bodies to it key by key.
 */
export const compiledJson = ({ schema, httpStatus }: { schema: unknown; httpStatus?: string }) =>
  // Error envelopes are rare and small: plain JSON, so an error can never fail to serialize.
  httpStatus?.startsWith('2')
    ? fastJson(
        serializationSchema(schema as z.ZodType) as unknown as Parameters<typeof fastJson>[0],
      )
    : (data: unknown) => JSON.stringify(data);
