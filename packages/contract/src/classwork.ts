import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, optionalText, text } from './text.js';
import { UPLOAD_LIMITS, attachedFile, storedFileName } from './files.js';

/**
 * Class work (issue 10, spec sections 2, 3, 7): a teacher posts work for a class and a subject it
 * teaches, with up to five files; the class's students and their parents see it, newest first.
 * Files are uploaded first (`/api/fileupload/multi`), then named here; they are served only
 * through `classWorkFile`, to users who may see the work.
 */
export const CLASS_WORK_LIMITS = { title: 150, description: 4000, files: UPLOAD_LIMITS.files } as const;

export const classWorkInput = z
  .object({
    assignClassId: z.uuid(),
    subjectId: z.uuid(),
    title: text(CLASS_WORK_LIMITS.title).min(1, 'Required'),
    description: optionalText(CLASS_WORK_LIMITS.description, { multiline: true }),
    /** The day it is set (school-local). */
    date: dateIn('2000-01-01', '2100-12-31'),
    /** When it is due; not before the date. */
    dueDate: dateIn('2000-01-01', '2100-12-31').nullish(),
    files: z
      .array(storedFileName)
      .max(CLASS_WORK_LIMITS.files, `At most ${CLASS_WORK_LIMITS.files} files`)
      .refine((names) => new Set(names).size === names.length, { message: 'Each file once', params: { code: 'each_once' } })
      .default([]),
  })
  .refine((w) => !w.dueDate || w.dueDate >= w.date, { path: ['dueDate'], message: 'The due date cannot be before the date', params: { code: 'due_before_date' } });
export type ClassWorkInput = z.infer<typeof classWorkInput>;

export const classWorkFile = attachedFile;
export type ClassWorkFile = z.infer<typeof classWorkFile>;

export const classWork = z.object({
  workId: z.uuid(),
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  teacherId: z.uuid(),
  teacherName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  dueDate: z.string().nullable(),
  files: z.array(classWorkFile),
  createdAt: z.iso.datetime(),
});
export type ClassWork = z.infer<typeof classWork>;

export const classWorkClassParams = z.object({ assignClassId: z.uuid() });
export const classWorkParams = z.object({ workId: z.uuid() });
export const classWorkFileParams = z.object({ workId: z.uuid(), name: storedFileName });

/** A class's work (students, parents, its teachers, admins), one subject or all. */
export const classWorkQuery = pageQuery.extend({ subjectId: z.uuid().optional() });
export type ClassWorkQuery = z.infer<typeof classWorkQuery>;
/** A teacher's own posts (/viewclasswork), one class or all. */
export const myClassWorkQuery = pageQuery.extend({ assignClassId: z.uuid().optional(), subjectId: z.uuid().optional() });
export type MyClassWorkQuery = z.infer<typeof myClassWorkQuery>;

/** A class and subject a teacher may post work for (the class work form's choices). */
export const teachingSlot = z.object({
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
});
export type TeachingSlot = z.infer<typeof teachingSlot>;
