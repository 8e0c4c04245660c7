import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  API,
  dateIn,
  isSafeText,
  isoDate,
  optionalText,
  personFields,
  safeString,
  schoolInput,
  signinBody,
  text,
  type ApiRoute,
} from '../src/index.js';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\r', '\n', '\t', '\u2028', '\u2029'];

describe('safe text', () => {
  it('refuses every control character in a single-line field, naming the field', () => {
    for (const c of CONTROL) {
      expect(issues(personFields, { firstName: `Ra${c}vi` })).toEqual(['firstName: Remove control characters (such as NUL or line breaks)']);
    }
  });

  it('keeps \\n and \\t in a multi-line field, turns \\r\\n into \\n, and refuses the rest', () => {
    expect(personFields.parse({ firstName: 'A', address: '12 MG Road\r\nPune\tWest\rEast' }).address).toBe('12 MG Road\nPune\tWest\nEast');
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u2028']) {
      expect(issues(schoolInput, { name: 'Delhi School', address: `a${c}b` })).toEqual(['address: Remove control characters (such as NUL)']);
    }
  });

  it('refuses unpaired UTF-16 halves but keeps Hindi, emoji and joiners', () => {
    expect(issues(text(), '\ud800x')).toEqual([': Contains broken characters']);
    expect(issues(text(), 'x\udc00')).toEqual([': Contains broken characters']);
    for (const ok of ['नमस्ते', 'क्‍ष', '👩‍👩‍👧', 'e\u0301', 'Zoë']) expect(text().parse(ok)).toBe(ok);
  });

  it('trims, limits the length and makes empty optional text null', () => {
    expect(text(5).parse('  abc  ')).toBe('abc');
    expect(issues(text(5), 'abcdef')).toHaveLength(1);
    expect(optionalText().parse('   ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeUndefined();
  });

  it('keeps passwords untrimmed but free of control characters', () => {
    expect(safeString().parse(' pass word ')).toBe(' pass word ');
    expect(issues(signinBody, { loginId: 'owner\u0000', password: 'x\u0000' })).toEqual([
      'loginId: Remove control characters (such as NUL or line breaks)',
      'password: Remove control characters (such as NUL or line breaks)',
    ]);
  });

  it('agrees with isSafeText', () => {
    for (const c of CONTROL) expect(isSafeText(`a${c}b`)).toBe(false);
    expect(isSafeText('a\nb\tc', { multiline: true })).toBe(true);
    expect(isSafeText('a\u0000b', { multiline: true })).toBe(false);
  });
});

describe('dates', () => {
  it('takes real calendar dates from 1900-01-01 to 2100-12-31', () => {
    for (const ok of ['1900-01-01', '2100-12-31', '2024-02-29', '2000-02-29']) expect(isoDate.parse(ok)).toBe(ok);
    expect(isoDate.parse('')).toBeNull();
    expect(isoDate.parse(null)).toBeNull();
  });

  it('refuses year 0, year 9999, out-of-range and impossible dates with a message', () => {
    for (const bad of ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01']) {
      expect(issues(isoDate, bad)).toEqual([': Enter a date between 1900-01-01 and 2100-12-31']);
    }
    for (const bad of ['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '24-01-01', '2024-01-01T00:00:00Z', '2024-1-1', '\u00002024-01-01']) {
      expect(issues(isoDate, bad)).toEqual([': Enter a date as YYYY-MM-DD']);
    }
    expect(issues(dateIn('2020-01-01', '2020-12-31'), '2021-01-01')).toEqual([': Enter a date between 2020-01-01 and 2020-12-31']);
  });
});

/** Every string a route takes, walked through its body, query and params schemas. */
function stringLeaves(schema: z.ZodType | undefined, path: string, out: Array<[string, z.ZodType]>) {
  if (!schema) return;
  const def = (schema as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType; out?: z.ZodType } }).def;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape ?? {})) stringLeaves(v, `${path}.${k}`, out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
      return stringLeaves(def.innerType, path, out);
    case 'union':
      for (const o of def.options ?? []) stringLeaves(o, path, out);
      return;
    case 'pipe':
      return stringLeaves(def.in, path, out);
    case 'string':
      out.push([path, schema]);
  }
}

describe('every text input of the API', () => {
  it('refuses NUL in every string of every body, query string and params', () => {
    const leaves: Array<[string, z.ZodType]> = [];
    for (const [name, route] of Object.entries(API) as Array<[string, ApiRoute]>) {
      for (const part of ['body', 'querystring', 'params'] as const) stringLeaves(route[part], `${name}.${part}`, leaves);
    }
    expect(leaves.length).toBeGreaterThan(50);
    const accepted = leaves.filter(([, s]) => s.safeParse('Ravi\u0000').success).map(([p]) => p);
    expect(accepted).toEqual([]);
  });
});
