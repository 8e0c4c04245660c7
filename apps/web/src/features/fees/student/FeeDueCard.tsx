import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRupee } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE, formatRupees, type StudentFees } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useStudentsFees } from '../../../api/fees-student';
import { useMyChildren } from '../../../api/people';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import { SummaryGrid } from '../../attendance';
import { useFeeDate } from '../feeDate';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ErrorAlert } from '../../../components/ListState';

/**
 * The next unpaid instalment of a student's plan and what it comes to (its late fee with it), and
 * what is overdue, late fees included: what the family is to pay (null: no record).
 */
export function nextDue(fees: StudentFees) {
  if (!fees.record) return null;
  const next = fees.instalments.find((i) => i.state !== 'paid') ?? null;
  const overdue = fees.instalments.filter((i) => i.state === 'overdue').reduce((sum, i) => sum + i.amount + i.lateFee, 0);
  return { next, amount: next ? next.amount + next.lateFee : 0, overdue };
}

/** One student's line on the card: the next instalment (amount, date; red when overdue) or "Nothing due". */
function DueLine({ fees, name }: { fees: StudentFees; name?: string }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const due = nextDue(fees);
  return (
    <Stack gap={4} data-testid="fee-due">
      {name ? (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      ) : null}
      {!due ? (
        <Text size="sm" c="dimmed">
          {t('fees.student.card.noRecord')}
        </Text>
      ) : !due.next ? (
        <Text size="sm" c="teal.8" fw={600}>
          {t('fees.student.card.nothingDue')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c={due.next.state === 'overdue' ? 'red.8' : undefined} fw={600}>
            {t('fees.student.card.next', { seq: due.next.seq, amount: formatRupees(due.amount), date: date(due.next.dueDate) })}
          </Text>
          {due.overdue > 0 ? (
            <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
              {t('fees.student.card.overdue', { amount: formatRupees(due.overdue) })}
            </Badge>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}

/** The card: each student's next instalment, and a link to the fee screen. */
function FeeDueCard({ students, sessionId, link }: { students: { userId: string; name?: string }[]; sessionId: string | undefined; link: string }) {
  const { t } = useTranslation();
  const queries = useStudentsFees(
    students.map((s) => s.userId),
    sessionId,
  );
  const failed = queries.find((q) => q.isError);
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-labelledby="fee-due-title" data-testid="fee-due-card">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconReceiptRupee size={20} aria-hidden color="var(--mantine-color-indigo-6)" />
        <Title order={2} size="h5" id="fee-due-title">
          {t('fees.student.card.title')}
        </Title>
      </Group>
      {failed ? (
        <ErrorAlert title={t('fees.student.card.loadError')} error={failed.error} onRetry={() => queries.forEach((q) => q.isError && void q.refetch())} />
      ) : (
        <Stack gap="sm">
          {students.map((s, i) => {
            const data = queries[i]?.data;
            return data ? <DueLine key={s.userId} fees={data} name={s.name} /> : <LoadingBlock key={s.userId} h={40} />;
          })}
          <Anchor component={Link} to={link} size="sm">
            {t('fees.student.card.open')}
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}

function ParentCard({ sessionId }: { sessionId: string | undefined }) {
  const children = useMyChildren();
  const items = children.data ?? [];
  if (children.isLoading) return <Skeleton h={120} radius="md" />;
  if (items.length === 0) return null;
  return <FeeDueCard students={items.map((c) => ({ userId: c.userId, name: c.fullName }))} sessionId={sessionId} link="/studentfeedata" />;
}

/** The fees card of the parent's and the student's dashboards (nothing for other roles). */
export default function FeeDueCards() {
  const { role, userId } = useAuth();
  const { current, isLoading } = useCurrentSession();
  if ((role !== ROLE.PARENT && role !== ROLE.STUDENT) || isLoading || !current) return null;
  return (
    <SummaryGrid>
      {role === ROLE.PARENT ? (
        <ParentCard sessionId={current.sessionId} />
      ) : userId ? (
        <FeeDueCard students={[{ userId }]} sessionId={current.sessionId} link="/studentclassfees" />
      ) : null}
    </SummaryGrid>
  );
}
