import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarDue,
  IconCash,
  IconCashRegister,
  IconChartBar,
  IconChevronRight,
  IconClockDollar,
  IconClipboardList,
  IconCoinRupee,
  IconListDetails,
  IconReceipt2,
  IconScale,
  IconTags,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen, type AcademicSession, type FeeSummary } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useFeeSummary } from '../../../api/fees-reports';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { WithSession } from '../../academics';
import { Figure, Section, useFeeFormat } from './parts';
import { QueryError } from '../../../components/ListState';

/** The fee screens the hub links to, in the order a school sets fees up and follows them. */
const LINKS: Array<{ path: string; icon: Icon; color: string }> = [
  { path: '/viewall_fees', icon: IconListDetails, color: 'blue' },
  { path: '/AddClassFee', icon: IconCoinRupee, color: 'indigo' },
  { path: '/AddFeetype', icon: IconTags, color: 'grape' },
  { path: '/addfeerecord', icon: IconClipboardList, color: 'cyan' },
  { path: '/addfeeemi', icon: IconCalendarDue, color: 'teal' },
  { path: '/feedues', icon: IconAlertTriangle, color: 'orange' },
  { path: '/latefee', icon: IconClockDollar, color: 'red' },
  { path: '/feereports', icon: IconChartBar, color: 'lime' },
  { path: '/feecounter', icon: IconCashRegister, color: 'green' },
];

/** /feesdetails (112, 113): the fees of the header's session at a glance, and the way to every fee screen the role may open. */
export default function FeesHubPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('fees.reports.hub.description')} />
      <Stack gap="xl">
        <WithSession>{(session) => <Summary session={session} />}</WithSession>
        <Screens />
      </Stack>
    </>
  );
}

/** Expected, collected, balance, overdue and collected today, as cards. */
export function SummaryFigures({ summary }: { summary: FeeSummary }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      <Figure testId="fee-expected" label={t('fees.reports.hub.expected')} value={f.money(summary.total)} hint={t('fees.reports.hub.records', { count: summary.records, n: f.number(summary.records) })} icon={IconWallet} color="blue" />
      <Figure testId="fee-collected" label={t('fees.reports.hub.collected')} value={f.money(summary.paid)} icon={IconCash} color="teal" />
      <Figure testId="fee-balance" label={t('fees.common.money.balance')} value={f.money(summary.balance)} icon={IconScale} color="indigo" />
      <Figure testId="fee-overdue" label={t('fees.common.money.overdue')} value={f.money(summary.overdue)} icon={IconAlertTriangle} color={summary.overdue > 0 ? 'red' : 'gray'} />
      <Figure testId="fee-today" label={t('fees.reports.hub.collectedToday')} value={f.money(summary.collectedToday)} hint={f.date(summary.today)} icon={IconReceipt2} color="lime" />
    </SimpleGrid>
  );
}

function Summary({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const query = useFeeSummary(session.sessionId);
  let body = null;
  if (query.isLoading) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = (
      <QueryError query={query} title={t('fees.reports.loadError')} />
    );
  } else if (query.data) {
    body = (
      <Stack gap="sm">
        {query.data.records === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Text c="dimmed" role="status">
              {t('fees.reports.hub.empty')}
            </Text>
          </Paper>
        ) : null}
        <SummaryFigures summary={query.data} />
      </Stack>
    );
  }
  return (
    <Section title={t('fees.reports.hub.session', { session: session.sessionYear })} testId="fee-summary">
      {body}
    </Section>
  );
}

/** The fee screens the role may open (canOpen: the contract's route table). */
function Screens() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const links = LINKS.filter((l) => canOpen(role, l.path));
  return (
    <Section title={t('fees.reports.hub.screens')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {links.map(({ path, icon: LinkIcon, color }) => {
          const name = path.slice(1);
          return (
            <li key={path}>
              <UnstyledButton component={Link} to={path} w="100%" h="100%" data-testid={`fee-link-${name}`}>
                <Paper withBorder radius="md" p="md" h="100%">
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <ThemeIcon size={38} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
                      <LinkIcon size={20} aria-hidden />
                    </ThemeIcon>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={600}>{t(`routes.${name}`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`fees.reports.hub.links.${name}`)}
                      </Text>
                    </div>
                    <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, alignSelf: 'center' }} />
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}
