import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;

/**
 * zod's JSON Schema writes `T | null` as anyOf [T, null], which fast-json-stringify resolves by
 * validating each value at run time; a type list (`["string", "null"]`) serializes directly.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = simplify(v);
  const any = out.anyOf as Json[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nul = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nul];
    if (nul >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Responses are serialized by a function compiled once per route from the contract's zod schema
 * (fast-json-stringify): only declared fields leave the server, as with a zod parse, at a fraction
 * of the cost. A schema JSON Schema cannot express keeps the zod serializer.
 */
export const compiledSerializer: typeof zodSerializerCompiler = (route) => {
  const schema = route.schema as z.ZodType;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return zodSerializerCompiler(route);
  }
};
