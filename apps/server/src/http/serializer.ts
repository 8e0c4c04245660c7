import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;

/**
 * The property each branch of a union of objects fixes to a constant of its own (a zod
 * discriminated union's key, such as `kind`), if there is one.
 */
function discriminatorOf(branches: Json[]): string | null {
  const first = branches[0]?.properties as Record<string, Json> | undefined;
  if (!first || branches.some((b) => b.type !== 'object')) return null;
  for (const key of Object.keys(first)) {
    const values = branches.map((b) => (b.properties as Record<string, Json> | undefined)?.[key]?.const);
    if (values.every((v) => typeof v === 'string') && new Set(values).size === values.length) return key;
  }
  return null;
}

/**
 * A discriminated union as one object of every branch's fields, its key an enum of theirs, required
 * what every branch requires: fast-json-stringify writes it directly, each field by its one schema
 * (a branch's value has only its own fields). As `oneOf` it would validate the whole value against
 * each branch with Ajv: that refuses what serialization would tidy (a field a branch does not
 * declare, a Date for a string), and compiles the whole answer's schema on its first use (seconds,
 * for the dashboard's). Null (left a union) when two branches declare a field differently.
 */
function mergeBranches(branches: Json[], key: string): Json | null {
  const properties: Record<string, unknown> = { [key]: { type: 'string', enum: branches.map((b) => (b.properties as Record<string, Json>)[key]!.const) } };
  const declared = new Map<string, string>();
  for (const branch of branches) {
    for (const [name, schema] of Object.entries(branch.properties as Record<string, unknown>)) {
      if (name === key) continue;
      const text = JSON.stringify(schema);
      if ((declared.get(name) ?? text) !== text) return null;
      declared.set(name, text);
      properties[name] = schema;
    }
  }
  const requiredOf = (b: Json) => (Array.isArray(b.required) ? (b.required as string[]) : []);
  const required = branches.map(requiredOf).reduce((all, r) => all.filter((name) => r.includes(name)));
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * zod's JSON Schema writes `T | null` as anyOf [T, null], which fast-json-stringify resolves by
 * validating each value at run time; a type list (`["string", "null"]`), or `nullable` for an
 * object or a list, serializes directly; so does a discriminated union, as one object
 * (`mergeBranches`).
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = simplify(v);
  const union = (out.oneOf ?? out.anyOf) as Json[] | undefined;
  const key = Array.isArray(union) && union.length > 1 ? discriminatorOf(union) : null;
  const merged = key ? mergeBranches(union!, key) : null;
  if (merged) {
    const { oneOf: _one, anyOf: _any, ...rest } = out;
    return { ...rest, ...merged };
  }
  const any = out.anyOf as Json[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nul = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nul];
    if (nul >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
    // An object or a list, or null: fast-json-stringify's `nullable`, serialized as the object is
    // when it is there (validating it would refuse what serialization tidies, as in a union).
    if (nul >= 0 && other && (other.type === 'object' || other.type === 'array')) {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

type Serialize = (data: unknown) => string;

/** A route's serializer: compiled from its zod schema, or zod's own when JSON Schema cannot express it. */
function compile(route: Parameters<typeof zodSerializerCompiler>[0]): Serialize {
  const schema = route.schema as z.ZodType;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return zodSerializerCompiler(route);
  }
}

/**
 * Responses are serialized by a function compiled once per route from the contract's zod schema
 * (fast-json-stringify): only declared fields leave the server, as with a zod parse, at a fraction
 * of the cost. A schema JSON Schema cannot express keeps the zod serializer. Each is compiled at
 * its route's first answer, not at start: about 300 of them took a second and a half of the start
 * and 20 MB of memory (generated source and code) for routes a server may never answer.
 */
export const compiledSerializer: typeof zodSerializerCompiler = (route) => {
  let serialize: Serialize | undefined;
  return (data: unknown) => (serialize ??= compile(route))(data);
};
