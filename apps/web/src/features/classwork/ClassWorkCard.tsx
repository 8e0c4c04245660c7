import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PAGES, ROLE } from '@shala/contract';
import { useStudentClass } from '../../api/academics-assign';
import { useAuth } from '../../api/auth';
import { useClassWork } from '../../api/classwork';
import { useMyChildren } from '../../api/people';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { schoolToday, SummaryGrid } from '../attendance';
import { useFeeDate } from '../fees';
import { LoadingBlock } from '../../components/LoadingBlock';

/** The latest works of one student's class (three: the dashboard's one answer brings them): subject, title, due date (overdue in red). */
function LatestWork({ userId, sessionId, name }: { userId: string; sessionId: string; name?: string }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const view = useStudentClass(userId, sessionId);
  const assignClassId = view.data?.class?.assignClassId;
  const works = useClassWork(assignClassId, 1, DASHBOARD_PAGES.classWork);
  const today = schoolToday();
  const loading = view.isLoading || (!!assignClassId && works.isLoading);
  return (
    <Stack gap={6}>
      {name ? (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      ) : null}
      {loading ? (
        <LoadingBlock h={48} />
      ) : view.isError || works.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('classwork.card.loadError')}
        </Text>
      ) : !assignClassId ? (
        <Text size="sm" c="dimmed">
          {t('classwork.card.noClass')}
        </Text>
      ) : (works.data?.items.length ?? 0) === 0 ? (
        <Text size="sm" c="dimmed">
          {t('classwork.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {works.data!.items.map((w) => (
            <li key={w.workId} data-testid="class-work-latest">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {w.subjectName}: {w.title}
              </Text>
              <Text size="xs" c={w.dueDate && w.dueDate < today ? 'red.8' : 'dimmed'}>
                {w.dueDate ? t('classwork.dueOn', { date: date(w.dueDate) }) : date(w.date)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ParentWork({ sessionId }: { sessionId: string }) {
  const children = useMyChildren();
  const items = children.data ?? [];
  if (children.isLoading) return <Skeleton h={60} />;
  return (
    <>
      {items.map((c) => (
        <LatestWork key={c.userId} userId={c.userId} sessionId={sessionId} name={items.length > 1 ? c.fullName : undefined} />
      ))}
    </>
  );
}

/** The dashboard's latest class work for a student or a parent's children (nothing for other roles). */
export default function ClassWorkCard() {
  const { t } = useTranslation();
  const { role, userId } = useAuth();
  const { current } = useCurrentSession();
  if ((role !== ROLE.PARENT && role !== ROLE.STUDENT) || !current || !userId) return null;
  const parent = role === ROLE.PARENT;
  return (
    <SummaryGrid>
      <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-labelledby="class-work-title" data-testid="class-work-card">
        <Group gap="xs" mb="sm" wrap="nowrap">
          <IconBook2 size={20} aria-hidden color="var(--mantine-color-indigo-6)" />
          <Title order={2} size="h5" id="class-work-title">
            {t('classwork.card.title')}
          </Title>
        </Group>
        <Stack gap="sm">
          {parent ? <ParentWork sessionId={current.sessionId} /> : <LatestWork userId={userId} sessionId={current.sessionId} />}
          <Anchor component={Link} to={parent ? '/childwork' : '/mywork'} size="sm">
            {t('classwork.card.open')}
          </Anchor>
        </Stack>
      </Paper>
    </SummaryGrid>
  );
}
