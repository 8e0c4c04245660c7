import { Button, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarOff,
  IconBook,
  IconBuildingCommunity,
  IconChalkboard,
  IconDoor,
  IconSchool,
  IconUserShield,
  IconUsersGroup,
  IconUserStar,
  type Icon,
} from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COUNT_KEYS, COUNT_TITLES, ROLE, type CountKey, type DashboardHome } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useDashboardHome } from '../../api/dashboard';
import { useProfile } from '../../api/queries';
import { PageHeading } from '../../components/PageHeading';
import type { ScreenProps } from '../../lib/screen';
import ChildrenCards from './ChildrenCards';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useFormat } from '../../lib/format';
import { ErrorAlert } from '../../components/ListState';
import { TextsReady } from '../../components/TextsReady';
import { afterNextPaint } from '../../api/idle';

// The cards below the numbers load on their own (one chunk, chunks.ts), once the numbers are drawn: on
// a slow phone their code would otherwise go before the numbers' answer (a browser opens six
// connections to a server). Their data is in the page's one answer: it fills their queries
// (api/dashboard-cards.ts, in their chunk) before they show, so they ask nothing more. They need
// every text of the language, which the numbers do not (TextsReady).
const loadCards = () => import('../../api/dashboard-cards');
const SchoolDayCards = lazy(() => import('./SchoolDayCards'));
const NoticeBoardCard = lazy(() => import('../notices/NoticeBoardCard'));
const ClassWorkCard = lazy(() => import('../classwork/ClassWorkCard'));
const FeeDueCards = lazy(() => import('../fees/student/FeeDueCard'));
const FeesDashboardCard = lazy(() => import('../fees/reports/FeesDashboardCard'));
const CoversCard = lazy(() => import('./CoversCard'));

const CARD: Record<CountKey, { icon: Icon; color: string }> = {
  schools: { icon: IconBuildingCommunity, color: 'indigo' },
  systemAdmins: { icon: IconUserShield, color: 'grape' },
  admins: { icon: IconUserStar, color: 'violet' },
  teachers: { icon: IconChalkboard, color: 'teal' },
  students: { icon: IconSchool, color: 'blue' },
  parents: { icon: IconUsersGroup, color: 'orange' },
  classes: { icon: IconDoor, color: 'cyan' },
  subjects: { icon: IconBook, color: 'lime' },
};

/** Which answer the cards show: its role's and its session's. */
const answerOf = (answer: DashboardHome) => `${answer.kind}:${answer.sessionId}`;

/**
 * Whether the cards may show: once their code is in and their queries hold the answer's parts
 * (filled before they mount, so they ask nothing), or as soon as the answer failed (each card then
 * asks its own route, as it would alone). Filled again when the answer is refreshed; a new session's
 * answer hides them until it has filled them.
 */
function useCardsFilled(home: UseQueryResult<DashboardHome>): boolean {
  const client = useQueryClient();
  const { data, dataUpdatedAt } = home;
  const [filled, setFilled] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    let live = true;
    const show = () => {
      if (live) setFilled(answerOf(data));
    };
    // Once the numbers are painted; their code failing to load is the cards' to show (their own
    // import fails the same way).
    afterNextPaint(() => {
      if (!live) return;
      void loadCards()
        .then(({ fillCards }) => fillCards(client, data, dataUpdatedAt), () => undefined)
        .finally(show);
    });
    return () => {
      live = false;
    };
  }, [client, data, dataUpdatedAt]);
  return home.isError || (!!data && filled === answerOf(data));
}

/**
 * The landing page of every role (spec section 1), from one answer (GET /api/dashboard/home): the
 * counts as labelled cards (classes of the header's session), a parent's children first; then the
 * school day's cards.
 */
export default function DashboardPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { data: profile } = useProfile();
  // The session picked in the header (the platform owner has none); wait for it, so the answer loads once.
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const home = useDashboardHome(current?.sessionId ?? null, role === ROLE.OWNER || !sessionLoading);
  const { data, isPending, isError, error, refetch, isFetching } = home;
  const cards = useCardsFilled(home);
  // A parent's dashboard leads with its children (their own cards), not a count of them.
  const parent = role === ROLE.PARENT;
  const fmt = useFormat();

  const counts = data && data.kind !== 'parent' ? data.counts : {};
  const present = COUNT_KEYS.filter((key) => counts[key] !== undefined);
  const loadError = <ErrorAlert title={t('dashboard.loadError')} error={error} onRetry={() => void refetch()} retrying={isFetching} />;

  return (
    <>
      <PageHeading
        title={profile ? t('dashboard.greeting', { name: profile.fullName || profile.firstName }) : t(route.title)}
        description={role === ROLE.OWNER ? t('dashboard.overviewPlatform') : t('dashboard.overview')}
      />
      {role === ROLE.PARENT ? (
        <Group mb="md" gap="xs">
          <Button component={Link} to="/viewstudentsinfo" variant="light" leftSection={<IconSchool size={16} aria-hidden />}>
            {t('wards.open')}
          </Button>
          <Button component={Link} to="/leave" variant="light" leftSection={<IconCalendarOff size={16} aria-hidden />}>
            {t('studentLeave.dashboardLink')}
          </Button>
        </Group>
      ) : role === ROLE.TEACHER ? (
        <Group mb="md">
          <Button component={Link} to="/staffleave" variant="light" size="sm" leftSection={<IconCalendarOff size={16} aria-hidden />}>
            {t('staffLeave.dashboardLink')}
          </Button>
        </Group>
      ) : null}
      {parent ? (
        isPending && !isError ? (
          <Skeleton h={140} radius="md" aria-label={t('common.loading')} />
        ) : isError ? (
          loadError
        ) : data.kind === 'parent' ? (
          <ChildrenCards data={data.children} />
        ) : null
      ) : isPending && !isError ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        loadError
      ) : present.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {t('dashboard.empty')}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {present.map((key) => {
            const { icon: CardIcon, color } = CARD[key];
            // A teacher's counts are of its own classes.
            const label = role === ROLE.TEACHER && (key === 'classes' || key === 'students') ? t(`dashboard.teacher.${key}`) : t(COUNT_TITLES[key]);
            return (
              <Paper key={key} component="li" withBorder p="md" radius="md" shadow="xs" aria-label={label} data-testid={`count-${key}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" c="dimmed" fw={500}>
                      {label}
                    </Text>
                    <Text fz={30} fw={700} lh={1.2} mt={4}>
                      {fmt.number(counts[key] ?? 0)}
                    </Text>
                    {key === 'classes' && current ? (
                      <Text size="xs" c="dimmed">
                        {t('dashboard.inSession', { session: current.sessionYear })}
                      </Text>
                    ) : null}
                  </div>
                  <ThemeIcon size={44} radius="md" variant="light" color={color}>
                    <CardIcon size={24} stroke={1.6} aria-hidden />
                  </ThemeIcon>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {cards ? (
        <TextsReady later>
          <Suspense fallback={null}>
            {/* A teacher's extra periods today (issue 42), first: they are for now. */}
            {data?.kind === 'teacher' && data.covers.length > 0 ? <CoversCard covers={data.covers} /> : null}
            {role !== ROLE.OWNER ? <NoticeBoardCard /> : null}
            {role !== ROLE.OWNER ? <SchoolDayCards /> : null}
            <ClassWorkCard />
            <FeeDueCards />
            <FeesDashboardCard />
          </Suspense>
        </TextsReady>
      ) : null}
    </>
  );
}
