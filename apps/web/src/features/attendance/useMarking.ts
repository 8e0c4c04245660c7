import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession, AttendanceStatus } from '@shala/contract';
import { useAttendanceDay, usePeriods, useSaveAttendance } from '../../api/attendance-mark';
import { isApiError } from '../../api/http';
import { useClassLabel } from '../academics';
import { notifyError, notifySaved } from '../../lib/notify';
import { useAttendanceFormat } from './format';
import { changedCount, countMarks, effectiveMarks, matchesStudent, refusalReason, type Marks } from './markLogic';
import { useUnsavedGuard } from './useUnsavedGuard';
import { useDayChoice } from './dayChoice';

/**
 * The state of /attendance: the chosen class, date and period, the day's roster, the teacher's own
 * marks for that choice (a change of choice asks first while some are unsaved), the search, and
 * the save.
 */
export function useMarking(session: AcademicSession) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const fmt = useAttendanceFormat();
  const { classes, assignClassId, cover, date, periodId, choose } = useDayChoice(session, true);
  const periods = usePeriods(session.sessionId);
  const day = useAttendanceDay(assignClassId, date, periodId);
  const save = useSaveAttendance(assignClassId ?? '', session.sessionId);
  const [search, setSearch] = useState('');

  // The teacher's choices, for the day they were made on.
  const key = `${assignClassId}|${date}|${periodId}`;
  const [changes, setChanges] = useState<{ key: string; marks: Marks }>({ key: '', marks: {} });
  const own = useMemo(() => (changes.key === key ? changes.marks : {}), [changes, key]);
  const data = day.data;
  const saved = useMemo(() => (data ? effectiveMarks(data, {}) : {}), [data]);
  const marks = useMemo(() => (data ? effectiveMarks(data, own) : {}), [data, own]);
  const changed = data ? changedCount(data, own) : 0;
  const confirmLeave = useUnsavedGuard(changed > 0);

  const setMark = useCallback((studentId: string, status: AttendanceStatus) => setChanges((c) => ({ key, marks: { ...(c.key === key ? c.marks : {}), [studentId]: status } })), [key]);
  const allPresent = () => data && setChanges({ key, marks: Object.fromEntries(data.students.map((s) => [s.studentId, 'present' as const])) });
  const change = (what: Record<string, string | null>) =>
    confirmLeave(() => {
      setChanges({ key: '', marks: {} });
      setSearch('');
      choose(what);
    });

  const submit = () => {
    if (!data || !assignClassId) return;
    save.mutate(
      { date, periodId, marks: data.students.map((s) => ({ studentId: s.studentId, status: marks[s.studentId] ?? s.status })) },
      {
        onSuccess: () => {
          setChanges({ key: '', marks: {} });
          notifySaved(t('attendance.mark.saved', { name: label(data.class), date: fmt.date(date) }), { check: true });
        },
        onError: (error) => {
          notifyError(error, t('attendance.mark.saveFailed'));
          if (isApiError(error) && error.reason === 'attendance_roster') void day.refetch();
        },
      },
    );
  };

  const periodOptions = (periods.data ?? []).filter((p) => !p.isBreak).map((p) => ({ value: p.periodId, label: `${p.name} · ${p.startTime}–${p.endTime}` }));
  return {
    classes,
    assignClassId,
    cover,
    date,
    periodId,
    periodOptions,
    day,
    save,
    search,
    setSearch,
    saved,
    marks,
    changed,
    setMark,
    allPresent,
    change,
    submit,
    reason: data ? refusalReason(data) : null,
    editable: !!data && data.canMark,
    shown: data ? data.students.filter((s) => matchesStudent(s, search)) : [],
    counts: countMarks(Object.values(marks)),
  };
}

export type MarkingState = ReturnType<typeof useMarking>;
