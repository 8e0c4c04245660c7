import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcademicSession, AttendanceDay } from '@shala/contract';
import { useTeacherClasses } from '../../api/academics-assign';
import { ListState } from '../../components/ListState';
import { useAddressParams, type ParamChanges } from '../../lib/useListParams';
import { useAttendanceFormat } from './format';
import { initialDate } from './markLogic';

/**
 * The class, date and period chosen (kept in the address: ?class=&date=&period=). `covers`: a class
 * not the teacher's own is kept when a period is asked too (the marking screen's extra periods).
 */
export function useDayChoice(session: AcademicSession, covers = false) {
  const { params, update } = useAddressParams();
  const classes = useTeacherClasses(session.sessionId);
  const list = classes.data ?? [];
  const asked = params.get('class');
  const periodId = params.get('period') || null;
  // An extra period (issue 42): another teacher's class for one date and period, opened from the
  // substitute's link; the server decides whether it may be marked. Any other unknown class: the own.
  const cover = covers && classes.isSuccess && asked && periodId && !list.some((c) => c.assignClassId === asked) ? asked : null;
  const assignClassId = cover ?? (list.find((c) => c.assignClassId === asked) ?? list.find((c) => c.isClassTeacher) ?? list[0])?.assignClassId ?? null;
  const date = initialDate(params.get('date'), session);
  return { classes, assignClassId, cover, date, periodId, choose: (change: ParamChanges) => update(change) };
}

/** The teacher's classes loading, failing or empty (no class to mark), then the screen. */
export function TeacherClassesState({ classes, cover = null, children }: { classes: ReturnType<typeof useTeacherClasses>; cover?: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListState
      query={classes}
      isEmpty={(classes.data ?? []).length === 0 && !cover}
      emptyText={t('attendance.mark.noClasses')}
      rows={2}
    >
      {children}
    </ListState>
  );
}

/** "Saved by Ravi Kumar, 21 Nov 2026, 10:02", or what an unsaved day is called. */
export function SavedBadge({ day, unsaved }: { day: Pick<AttendanceDay, 'final' | 'markedBy' | 'markedAt'>; unsaved: string }) {
  const { t } = useTranslation();
  const fmt = useAttendanceFormat();
  return (
    <Badge color={day.final ? 'green' : 'gray'} variant="light" size="lg" tt="none" style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}>
      {day.final ? t('attendance.mark.savedBy', { name: day.markedBy?.fullName ?? '', when: day.markedAt ? fmt.dateTime(day.markedAt) : '' }) : unsaved}
    </Badge>
  );
}
