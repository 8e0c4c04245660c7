import type { Holiday, HolidayInput, HolidayUpdate } from '@shala/contract';

/** The holiday form's values as typed (strings; the roles as the multi-select's strings). */
export interface HolidayFormValues {
  title: string;
  startDate: string;
  endDate: string;
  description: string;
  notifyRoles: string[];
}

export const emptyHoliday = (): HolidayFormValues => ({ title: '', startDate: '', endDate: '', description: '', notifyRoles: [] });

export function holidayValues(h: Holiday): HolidayFormValues {
  return { title: h.title, startDate: h.startDate, endDate: h.endDate === h.startDate ? '' : h.endDate, description: h.description ?? '', notifyRoles: [] };
}

/** Title, dates (no last day: one day) and description (empty: none). */
function fields(v: HolidayFormValues) {
  return { title: v.title.trim(), startDate: v.startDate, endDate: v.endDate || null, description: v.description.trim() || null };
}

/** An edit sends every field of the form. */
export const updateBody = (v: HolidayFormValues): HolidayUpdate => fields(v);

/** A new holiday of a session, announced to the chosen roles. */
export function createBody(v: HolidayFormValues, sessionId: string): HolidayInput {
  return { ...fields(v), sessionId, notifyRoles: v.notifyRoles.map(Number) as HolidayInput['notifyRoles'] };
}
