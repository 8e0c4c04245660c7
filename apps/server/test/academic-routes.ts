import type { z } from 'zod';
import type { ApiRoute } from '@shala/contract';

/**
 * Requests built from the contract's schemas for the generated academics tests: every field
 * that names a record takes an id chosen by the test; every other field a plain valid value.
 */

type Def = { type: string; [k: string]: unknown };
export const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Plain values for the fields that are not ids: valid, so that the answer is about the records. */
const PLAIN: Record<string, unknown> = {
  label: '2040-41',
  startDate: '2040-04-01',
  endDate: '2041-03-31',
  name: 'Foreign affairs',
  section: 'Z',
  classLimit: 40,
  rollNo: 1,
  order: 'name',
  status: false,
  dryRun: true,
  sundayWorking: false,
  // the school day
  title: 'Foreign holiday',
  startTime: '08:00',
  endTime: '08:40',
  date: '2026-11-20',
  fromDate: '2026-11-20',
  toDate: '2026-11-20',
  monthId: '2026-11',
  // fees
  reason: 'Entered twice',
  reference: 'UTR123456789',
  page: 1,
  // registers and certificates: a register entry with nothing known, a financial year
  admissionNo: '',
  admissionDate: '',
  pen: '',
  apaarId: '',
  aadhaarLast4: '',
  financialYear: 2026,
  pageSize: 20,
  // exams: a valid grading scale (two bands, one from 0)
  grades: [
    { grade: 'P', min: 33 },
    { grade: 'F', min: 0 },
  ],
};

/**
 * Optional fields left out: an instalment plan's due dates (the other way of saying the same: its
 * count and start date), class work's files and a leave request's file (uploads of the caller's own,
 * not records of a school).
 */
const OMIT = new Set(['dueDates', 'files', 'file']);

/**
 * A value of a schema where every id field takes `pick(key, parent)` (null: leave it out if it may
 * be left out). Arrays of ids get `many(key)` when given.
 */
export function build(
  schema: z.ZodType,
  pick: (key: string, parent: string | null) => string | null,
  many?: (key: string, parent: string | null) => unknown[] | null,
  key = '',
  parent: string | null = null,
): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const inner = build(def.innerType as z.ZodType, pick, many, key, parent);
      return inner;
    }
    case 'pipe':
      return build(def.in as z.ZodType, pick, many, key, parent);
    case 'union':
      return build((def.options as z.ZodType[])[0]!, pick, many, key, parent);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (OMIT.has(k)) continue;
        const value = build(v, pick, many, k, key || parent);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const listed = many?.(key, parent);
      if (listed) return listed;
      if (Array.isArray(PLAIN[key])) return PLAIN[key];
      const element = build(def.element as z.ZodType, pick, many, key, parent);
      return element === undefined ? [] : [element];
    }
    case 'string':
      if (def.format === 'uuid') return pick(key, parent) ?? undefined;
      if (typeof PLAIN[key] === 'string') return PLAIN[key];
      // A date field with no plain value of its own: a valid date, so the answer is about the records.
      if (def.format === 'date') return '2026-11-20';
      return key === 'search' ? undefined : 'x';
    case 'enum': {
      const entries = Object.values(def.entries as Record<string, string>);
      const plain = PLAIN[key];
      return typeof plain === 'string' && entries.includes(plain) ? plain : entries[0];
    }
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return typeof PLAIN[key] === 'boolean' ? PLAIN[key] : false;
    case 'number':
      return typeof PLAIN[key] === 'number' ? PLAIN[key] : 1;
    default:
      return undefined;
  }
}

export const ID_KEYS = [
  ...['sessionId', 'assignClassId', 'fromAssignClassId', 'toAssignClassId', 'subjectId', 'subjectIds', 'teacherId', 'classTeacherId', 'studentIds', 'heldBackIds', 'userId'],
  ...['periodId', 'holidayId', 'studentId'],
  ...['feeTypeId', 'feeTypeIds', 'feeRecordId', 'emiId', 'paymentId', 'batchId'],
  ...['examId'],
];

/** Does the route name an academic record anywhere (tenancy.test.ts leaves these to this file)? */
export function namesRecords(route: ApiRoute): boolean {
  const text = JSON.stringify([route.url, ...[route.params, route.querystring, route.body].map((s) => (s ? Object.keys(shapeOf(s)) : []))]);
  return /\/api\/(school\/(?!student\b|teacher\b|parent\b|principal\b|import\b|export\b)|allfee\b|fee\/)/.test(route.url) && ID_KEYS.some((k) => text.includes(`"${k}"`) || text.includes(`:${k}`));
}

export function shapeOf(s: z.ZodType): Record<string, unknown> {
  let def = defOf(s);
  while (def.type !== 'object' && (def.innerType || def.in)) def = defOf((def.innerType ?? def.in) as z.ZodType);
  return def.type === 'object' ? (def.shape as Record<string, unknown>) : {};
}

/** The request of a route with the given ids. */
export function request(route: ApiRoute, pick: (key: string, parent: string | null) => string | null, many?: (key: string, parent: string | null) => unknown[] | null) {
  const params = route.params ? (build(route.params, pick, many) as Record<string, string>) : {};
  let url = route.url;
  for (const [k, v] of Object.entries(params)) url = url.replace(`:${k}`, v);
  const query = route.querystring ? (build(route.querystring, pick, many) as Record<string, unknown>) : undefined;
  if (query) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    if (qs) url += `?${qs}`;
  }
  const payload = route.body ? (build(route.body, pick, many) as Record<string, unknown>) : undefined;
  return { method: route.method, url, payload };
}

