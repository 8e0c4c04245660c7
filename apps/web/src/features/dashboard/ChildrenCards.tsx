import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ParentDashboard } from '@shala/contract';
import { useFormat } from '../../lib/format';

const STATUS_COLOR = { present: 'teal', absent: 'red', late: 'yellow', leave: 'blue' } as const;

/** A parent's dashboard leads with each child: class, today's attendance, next fee due, latest notice (from the page's one answer). */
export default function ChildrenCards({ data }: { data: ParentDashboard }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (data.children.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          {t('dashboard.parent.noChildren')}
        </Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {data.children.map((child) => (
        <Paper key={child.studentId} component="li" withBorder p="md" radius="md" shadow="xs" aria-label={child.fullName} data-testid="child-card">
          <Stack gap="xs">
            <div>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {child.fullName}
              </Title>
              <Text size="sm" c="dimmed">
                {child.className ? t('dashboard.parent.class', { name: [child.className, child.section].filter(Boolean).join(' - ') }) : t('dashboard.parent.noClass')}
              </Text>
            </div>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('dashboard.parent.today')}
              </Text>
              {child.today ? (
                <Badge color={STATUS_COLOR[child.today]} variant="light" style={{ textTransform: 'none' }}>
                  {t(`attendance.status.${child.today}`)}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('dashboard.parent.notMarked')}
                </Text>
              )}
            </Group>
            <Text size="sm">
              <Text span fw={600}>
                {t('dashboard.parent.nextFee')}
              </Text>{' '}
              {child.nextFee
                ? t('dashboard.parent.feeDue', { amount: fmt.rupees(child.nextFee.amount), date: fmt.date(child.nextFee.dueDate) })
                : t('dashboard.parent.nothingDue')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('dashboard.parent.latestNotice')}
              </Text>{' '}
              {data.latestNotice ? `${data.latestNotice.title} (${fmt.date(data.latestNotice.date)})` : t('dashboard.parent.noNotice')}
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/studentfeedata" size="sm">
                {t('dashboard.parent.fees')}
              </Anchor>
              <Anchor component={Link} to="/viewstudentsinfo" size="sm">
                {t('dashboard.parent.details')}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
