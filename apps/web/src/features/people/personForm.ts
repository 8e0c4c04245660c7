import { parentFields, personFields, studentFields, type PersonDetail } from '@shala/contract';
import type { PersonBody } from '../../api/people';
import type { FormShape } from './kinds';

/** Every input of the person forms, as text ('' is empty). */
export interface PersonFormValues {
  firstName: string;
  lastName: string;
  email: string;
  contact: string;
  gender: string;
  dateOfBirth: string;
  address: string;
  state: string;
  district: string;
  city: string;
  zip: string;
  qualification: string;
  subjects: string;
  maritalStatus: string;
  category: string;
  religion: string;
  bloodGroup: string;
  fatherOccupation: string;
  motherName: string;
  motherOccupation: string;
  image: string;
  parentId: string;
}

export const EMPTY_PERSON: PersonFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  contact: '',
  gender: '',
  dateOfBirth: '',
  address: '',
  state: '',
  district: '',
  city: '',
  zip: '',
  qualification: '',
  subjects: '',
  maritalStatus: '',
  category: '',
  religion: '',
  bloodGroup: '',
  fatherOccupation: '',
  motherName: '',
  motherOccupation: '',
  image: '',
  parentId: '',
};

export const SCHEMAS = { person: personFields, student: studentFields, parent: parentFields } as const;

const PERSON_KEYS = Object.keys(personFields.shape) as (keyof PersonFormValues)[];
/** A student's keys: no marital status, qualification or subjects (the schema is strict). */
const STUDENT_KEYS = Object.keys(studentFields.shape).filter((key) => key !== 'parentId') as (keyof PersonFormValues)[];
const PARENT_KEYS = Object.keys(parentFields.shape) as (keyof PersonFormValues)[];

function pick(values: PersonFormValues, keys: readonly (keyof PersonFormValues)[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, values[key]]));
}

/** The raw body for the shape's schema (before zod turns '' into null). */
export function formInput(shape: FormShape, values: PersonFormValues): Record<string, unknown> {
  if (shape === 'parent') return pick(values, PARENT_KEYS);
  if (shape === 'student') return { ...pick(values, STUDENT_KEYS), parentId: values.parentId || null };
  return pick(values, PERSON_KEYS);
}

/** The request body: the shape's zod schema applied to the form (the same rules as the server). */
export function formBody(shape: FormShape, values: PersonFormValues): PersonBody {
  return SCHEMAS[shape].parse(formInput(shape, values)) as PersonBody;
}

/** Form values of a stored person (edit screens). */
export function valuesOf(person: PersonDetail): PersonFormValues {
  const values = { ...EMPTY_PERSON };
  for (const key of Object.keys(EMPTY_PERSON) as (keyof PersonFormValues)[]) {
    const stored = (person as unknown as Record<string, unknown>)[key];
    values[key] = typeof stored === 'string' ? stored : '';
  }
  values.dateOfBirth = values.dateOfBirth.slice(0, 10);
  return values;
}
