import { Button, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
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
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COUNT_KEYS, COUNT_TITLES, ROLE, type CountKey } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useDashboard, useParentDashboard, useProfile } from '../../api/queries';
import { PageHeading } from '../../components/PageHeading';
import type { ScreenProps } from '../../lib/screen';
import ChildrenCards from './ChildrenCards';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { localeOf } from '../../lib/format';
import { ErrorAlert } from '../../components/ListState';

// The cards below the numbers load on their own (one chunk, chunks.ts), once the numbers are in: on
// a slow phone their code and their requests would otherwise go before the numbers' (a browser
// opens six connections to a server), and the numbers wait for the attendance, calendar, notices,
// class work and fees.
const SchoolDayCards = lazy(() => import('./SchoolDayCards'));
const NoticeBoardCard = lazy(() => import('../notices/NoticeBoardCard'));
const ClassWorkCard = lazy(() => import('../classwork/ClassWorkCard'));
const FeeDueCards = lazy(() => import('../fees/student/FeeDueCard'));
const FeesDashboardCard = lazy(() => import('../fees/reports/FeesDashboardCard'));

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

/** Counts of GET /api/dashboard as labelled cards (spec section 1); classes of the header's session. */
export default function DashboardPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const { data: profile } = useProfile();
  // The session picked in the header (the platform owner has none); wait for it, so the counts load once.
  const { current, isLoading: sessionLoading } = useCurrentSession();
  // A parent's dashboard leads with its children (their own cards), not a count of them.
  const parent = role === ROLE.PARENT;
  const { data, status, isPending, isError, error, refetch, isFetching } = useDashboard(current?.sessionId, !parent && (role === ROLE.OWNER || !sessionLoading));
  const children = useParentDashboard(parent);
  const numbersIn = (parent ? children.status : status) !== 'pending';
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));

  const present = data ? COUNT_KEYS.filter((key) => data.counts[key] !== undefined) : [];

  return (
    <>
      <PageHeading
        title={profile ? t('dashboard.greeting', { name: profile.fullName || profile.firstName }) : t(route.title)}
        description={role === ROLE.OWNER ? t('dashboard.overviewPlatform') : t('dashboard.overview')}
      />
      {role === ROLE.PARENT ? (
        <Group mb="md">
          <Button component={Link} to="/viewstudentsinfo" variant="light" leftSection={<IconSchool size={16} aria-hidden />}>
            {t('wards.open')}
          </Button>
        </Group>
      ) : null}
      {parent ? (
        <ChildrenCards />
      ) : isPending && !isError ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <ErrorAlert title={t('dashboard.loadError')} error={error} onRetry={() => void refetch()} retrying={isFetching} />
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
                      {numbers.format(data?.counts[key] ?? 0)}
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
      {numbersIn ? (
        <Suspense fallback={null}>
          {role !== ROLE.OWNER ? <NoticeBoardCard /> : null}
          {role !== ROLE.OWNER ? <SchoolDayCards /> : null}
          <ClassWorkCard />
          <FeeDueCards />
          <FeesDashboardCard />
        </Suspense>
      ) : null}
    </>
  );
}
