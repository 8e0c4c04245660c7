import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCoinRupee } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useFeeSummary } from '../../../api/fees-reports';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import { useFeeFormat } from './parts';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { QueryError } from '../../../components/ListState';

/** The admins' dashboard card (112, 113): collected today, balance and overdue of the header's session, linking to /feesdetails. */
export default function FeesDashboardCard() {
  const { role } = useAuth();
  if (role !== ROLE.SYSTEM_ADMIN && role !== ROLE.PRINCIPAL) return null;
  return <Card />;
}

function Card() {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const query = useFeeSummary(current?.sessionId);
  const title = t('fees.reports.card.title');
  let body;
  if (sessionLoading || query.isLoading) body = <LoadingBlock h={64} radius="md" />;
  else if (query.isError) {
    body = (
      <QueryError query={query} title={t('fees.reports.loadError')} />
    );
  } else if (!query.data) body = null;
  else {
    const s = query.data;
    const figures = [
      { key: 'today', label: t('fees.reports.hub.collectedToday'), value: s.collectedToday, color: undefined },
      { key: 'balance', label: t('fees.common.money.balance'), value: s.balance, color: undefined },
      { key: 'overdue', label: t('fees.common.money.overdue'), value: s.overdue, color: s.overdue > 0 ? 'red' : undefined },
    ];
    body =
      s.records === 0 ? (
        <Text size="sm" c="dimmed">
          {t('fees.reports.hub.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0}>
          {figures.map((x) => (
            <Stack key={x.key} gap={0} data-testid={`fee-card-${x.key}`}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {x.label}
              </Text>
              <Text component="dd" m={0} fw={700} fz="lg" c={x.color} style={{ overflowWrap: 'anywhere' }}>
                {f.money(x.value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
      <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-label={title} data-testid="fees-card">
        <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconCoinRupee size={20} aria-hidden color="var(--mantine-color-teal-6)" />
            <Title order={2} size="h5">
              {title}
            </Title>
          </Group>
          <Anchor component={Link} to="/feesdetails" size="sm">
            {t('fees.reports.card.open')}
          </Anchor>
        </Group>
        {body}
      </Paper>
    </SimpleGrid>
  );
}
