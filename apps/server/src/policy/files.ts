import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { files } from '../db/schema.js';

/** What of a stored file decides who reads it. */
export interface FileAccessRow {
  schoolId: string | null;
  ownerId: string | null;
  private: boolean;
}

/**
 * Who may read and attach an uploaded file:
 * - read through `/api/uploads/:name`: a file of the caller's school, or its own; the platform
 *   owner any. A private file (class work's) only its owner reads there: the others who may see it
 *   go through its record's route, which checks the record. Anyone else: 404 (not disclosed);
 * - attach to a record: a file of that school, or one the caller uploaded without a school (the
 *   platform owner's upload of a new school's logo, which then joins the school).
 */
export const filesPolicy = {
  /** May the caller read this file (its row, or undefined when there is none) through the uploads route? */
  mayRead(caller: Caller, row: FileAccessRow | undefined): boolean {
    const own = row?.ownerId === caller.userId;
    return Boolean(
      row?.private ? own : caller.roleId === ROLE.OWNER || (row && (own || (row.schoolId !== null && row.schoolId === caller.schoolId))),
    );
  },

  /** A condition on `files`: the files a record of `schoolId` (null: none yet) may take, attached by `callerId`. */
  attachableWhere(at: { schoolId: string | null; callerId: string }): SQL {
    return (
      at.schoolId
        ? or(eq(files.schoolId, at.schoolId), and(isNull(files.schoolId), eq(files.ownerId, at.callerId)))
        : and(isNull(files.schoolId), eq(files.ownerId, at.callerId))
    )!;
  },
};
