import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { QueryError } from '../../components/ListState';
import { sessionScreen } from '../academics';
import { TeacherClassesState } from './dayChoice';
import { MarkChoice, MarkDay } from './MarkingParts';
import { useMarking } from './useMarking';

/** /attendance (114): mark a class for a day or a period, on a phone first. */
export default sessionScreen('attendance.mark.description', (session) => <Marking session={session} />);

function Marking({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const m = useMarking(session);
  const { day } = m;
  return (
    <TeacherClassesState classes={m.classes} cover={m.cover}>
      <Stack gap="md" maw={880}>
        <MarkChoice session={session} m={m} />

        {day.isLoading ? (
          <Stack gap="xs" role="status" aria-label={t('common.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={64} radius="md" />
            ))}
          </Stack>
        ) : day.isError ? (
          <QueryError query={day} title={t('attendance.mark.loadError')} />
        ) : day.data ? (
          <MarkDay data={day.data} m={m} />
        ) : null}
      </Stack>
    </TeacherClassesState>
  );
}
