import { useState, type ReactNode } from 'react';
import { EmptyState, Paper } from '@mantine/core';
import { IconSchoolOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStudentClass } from '../../api/academics-assign';
import { useClassWork } from '../../api/classwork';
import { RecordState } from '../../components/ListState';
import { WithSession } from '../academics';
import { WorkList } from './WorkList';

const PAGE_SIZE = 10;

/** A class's work, newest first. */
export function ClassWorkList({ assignClassId }: { assignClassId: string }) {
  const [page, setPage] = useState(1);
  const works = useClassWork(assignClassId, page, PAGE_SIZE);
  return <WorkList query={works} page={page} onPage={setPage} />;
}

/**
 * A student's class of the chosen session (itself, or a parent's child), then `children(classId)`;
 * a student not yet in a class: the spec's empty state.
 */
export function WithStudentClass({ userId, own, name, children }: { userId: string; own: boolean; name?: string; children: (assignClassId: string) => ReactNode }) {
  return <WithSession>{(session) => <StudentClassOf userId={userId} sessionId={session.sessionId} own={own} name={name} render={children} />}</WithSession>;
}

function StudentClassOf({ userId, sessionId, own, name, render }: { userId: string; sessionId: string; own: boolean; name?: string; render: (assignClassId: string) => ReactNode }) {
  const { t } = useTranslation();
  const view = useStudentClass(userId, sessionId);
  return (
    <RecordState query={view}>
      {() =>
        view.data?.class ? (
          render(view.data.class.assignClassId)
        ) : (
          <Paper withBorder radius="md" p="xl" maw={720}>
            <EmptyState icon={<IconSchoolOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={own ? t('myClass.notAssigned') : t('myClass.childNotAssigned', { name: name ?? '' })} role="status">
              {t('myClass.notAssignedHint')}
            </EmptyState>
          </Paper>
        )
      }
    </RecordState>
  );
}
