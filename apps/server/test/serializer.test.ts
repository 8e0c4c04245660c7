import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from '../src/http/serializer.js';

/**
 * Answers are serialized by a function compiled from the contract's schema: only declared fields
 * leave the server. A nullable object and a discriminated union serialize as their declared shape
 * without validating the value first (which refused a field the schema does not declare, failing
 * the whole answer with a 500, and compiled the answer's whole schema with Ajv on first use).
 */
const serializerOf = (schema: z.ZodType) => compiledSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the compiled serializer', () => {
  it('writes a nullable object without the fields it does not declare, and null as null', () => {
    const write = serializerOf(z.object({ month: z.object({ name: z.string(), at: z.iso.datetime() }).nullable(), list: z.array(z.number()).nullable() }));
    const at = new Date('2026-11-25T04:30:00Z');
    expect(JSON.parse(write({ month: { name: 'Nov', at, internal: 'x' }, list: [1, 2] }))).toEqual({ month: { name: 'Nov', at: at.toISOString() }, list: [1, 2] });
    expect(JSON.parse(write({ month: null, list: null }))).toEqual({ month: null, list: null });
  });

  it("writes a discriminated union's value with the fields its branches declare, a Date as its instant, nothing else", () => {
    const write = serializerOf(
      z.object({
        result: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('school'), counts: z.record(z.string(), z.number()), at: z.iso.datetime() }),
          z.object({ kind: z.literal('parent'), children: z.array(z.object({ id: z.string() })), note: z.object({ title: z.string() }).nullable() }),
          z.object({ kind: z.literal('student'), own: z.string() }),
        ]),
      }),
    );
    const at = new Date('2026-11-25T04:30:00Z');
    expect(JSON.parse(write({ result: { kind: 'school', counts: { classes: 2 }, at, secret: 'not declared' } }))).toEqual({ result: { kind: 'school', counts: { classes: 2 }, at: at.toISOString() } });
    expect(JSON.parse(write({ result: { kind: 'parent', children: [{ id: 'a', secret: 1 }], note: { title: 'Holiday', by: 'x' } } }))).toEqual({
      result: { kind: 'parent', children: [{ id: 'a' }], note: { title: 'Holiday' } },
    });
    expect(JSON.parse(write({ result: { kind: 'student', own: 'me' } }))).toEqual({ result: { kind: 'student', own: 'me' } });
  });

  it('keeps a union whose branches declare a field differently', () => {
    const write = serializerOf(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), v: z.string() }), z.object({ kind: z.literal('b'), v: z.number() })]));
    expect(JSON.parse(write({ kind: 'a', v: 'x' }))).toEqual({ kind: 'a', v: 'x' });
    expect(JSON.parse(write({ kind: 'b', v: 2 }))).toEqual({ kind: 'b', v: 2 });
  });
});
