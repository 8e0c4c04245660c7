import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CASH_DENOMINATIONS, cashTallyTotal, formatRupees, type CashClosing, type CounterDay } from '@shala/contract';
import { useCounterClose, useCounterDay } from '../../../api/fees-counter';
import { QueryError } from '../../../components/ListState';
import { ModalFooter } from '../../../components/ModalFooter';
import { Section, useFeeFormat } from '../reports/parts';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySaved } from '../../../lib/notify';

/** Pieces counted of each note and coin (the tally stays while the screen is open; a recount starts from the day's closing). */
export type Tally = Partial<Record<number, number>>;

/**
 * The day's collection at the top of the counter: each mode's sum and count (late fees included,
 * reversed payments out), the total, and the cash tally that closes the day (kept: the day's latest
 * closing shows under the figures).
 */
export function DayCollection({ tally, onTally }: { tally: Tally; onTally: (t: Tally) => void }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const day = useCounterDay();
  const [tallying, setTallying] = useState(false);
  const openTally = () => {
    // A recount starts from the day's last closing.
    const last = day.data?.closing;
    if (last && Object.keys(tally).length === 0) onTally({ ...last.pieces });
    setTallying(true);
  };
  const title = day.data ? t('fees.counter.day.title', { date: f.date(day.data.date) }) : t('fees.counter.day.titleToday');
  let body;
  if (day.isLoading) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (day.isError) {
    body = <QueryError query={day} title={t('fees.counter.day.loadError')} />;
  } else if (day.data) {
    body = <DayFigures day={day.data} />;
  }
  return (
    <Section
      title={title}
      testId="counter-day"
      actions={
        <Button variant="light" leftSection={<IconCalculator size={18} aria-hidden />} onClick={openTally} disabled={!day.data}>
          {t('fees.counter.tally.open')}
        </Button>
      }
    >
      {body}
      {tallying && day.data ? <CashTally day={day.data} tally={tally} onTally={onTally} onClose={() => setTallying(false)} /> : null}
    </Section>
  );
}

function DayFigures({ day }: { day: CounterDay }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  // The office's four modes always; online payments when there are any.
  const modes = day.modes.filter((m) => m.mode !== 'online' || m.count > 0);
  const figure = (key: string, label: string, amount: number, count: number, strong = false) => (
    <Paper key={key} component="li" withBorder radius="md" p="sm" data-testid={`counter-day-${key}`} bg={strong ? 'var(--mantine-color-blue-light)' : undefined}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {f.money(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('fees.counter.day.payments', { count, n: f.number(count) })}
      </Text>
    </Paper>
  );
  return (
    <Stack gap="xs">
      <SimpleGrid component="ul" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {modes.map((m) => figure(m.mode, t(`fees.common.modes.${m.mode}`), m.amount, m.count))}
        {figure('total', t('fees.counter.day.total'), day.amount, day.count, true)}
      </SimpleGrid>
      {day.count === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {t('fees.counter.day.empty')}
        </Text>
      ) : null}
      {day.closing ? <ClosingLine closing={day.closing} expectedNow={day.expectedCash} /> : null}
    </Stack>
  );
}

/**
 * "Closed at 5:10 pm by Meena Iyer: ₹15,200.00 counted, short by ₹20.00." Cash taken since the
 * count (today stays open; an earlier closed day takes no more cash) is said, for a recount.
 */
function ClosingLine({ closing, expectedNow }: { closing: CashClosing; expectedNow: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const verdict = useVerdict(closing.difference);
  const since = expectedNow - closing.expected;
  return (
    <>
      <Text size="sm" data-testid="counter-closing" c={closing.difference === 0 ? 'teal.8' : 'red.8'}>
        {t('fees.counter.tally.closedLine', {
          when: fmt.dateTime(closing.closedAt),
          name: closing.closedBy?.fullName ?? '—',
          counted: formatRupees(closing.counted),
          verdict,
        })}
      </Text>
      {since !== 0 ? (
        <Text size="sm" fw={600} c="orange.9" data-testid="counter-since-closing">
          {since > 0 ? t('fees.counter.tally.since', { amount: formatRupees(since) }) : t('fees.counter.tally.sinceLess', { amount: formatRupees(-since) })}
        </Text>
      ) : null}
    </>
  );
}

/** The difference in words: matches, short by, over by. */
function useVerdict(difference: number): string {
  const { t } = useTranslation();
  if (difference === 0) return t('fees.counter.tally.matches');
  return difference < 0 ? t('fees.counter.tally.short', { amount: formatRupees(-difference) }) : t('fees.counter.tally.over', { amount: formatRupees(difference) });
}

/** Notes and coins counted by denomination: their total against the cash the day's payments expect, and the difference. */
function CashTally({ day, tally, onTally, onClose }: { day: CounterDay; tally: Tally; onTally: (t: Tally) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const counted = cashTallyTotal(tally);
  const difference = counted - day.expectedCash;
  const verdict = useVerdict(difference);
  const close = useCounterClose();
  const closeDay = () =>
    close.mutate(
      { date: day.date, pieces: Object.fromEntries(CASH_DENOMINATIONS.filter((d) => (tally[d] ?? 0) > 0).map((d) => [String(d), Math.trunc(tally[d]!)])) },
      {
        onSuccess: (closing) => {
          notifySaved(t('fees.counter.tally.closed', { date: f.date(closing.date), counted: formatRupees(closing.counted) }), { check: true });
          onClose();
        },
        onError: (error) => notifyError(error, t('fees.counter.tally.closeFailed')),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('fees.counter.tally.title', { date: f.date(day.date) })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t('fees.counter.tally.title', { date: f.date(day.date) })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fees.counter.tally.denomination')}</Table.Th>
              <Table.Th>{t('fees.counter.tally.pieces')}</Table.Th>
              <Table.Th ta="right">{t('fees.common.money.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CASH_DENOMINATIONS.map((d) => (
              <Table.Tr key={d}>
                <Table.Td fw={500}>₹{d}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('fees.counter.tally.count', { value: d })}
                    value={tally[d] ?? ''}
                    onChange={(v) => onTally({ ...tally, [d]: typeof v === 'number' ? v : Number(v) || 0 })}
                    min={0}
                    max={100_000}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    w={96}
                    data-autofocus={d === CASH_DENOMINATIONS[0] ? true : undefined}
                  />
                </Table.Td>
                <Table.Td ta="right">{formatRupees(d * 100 * (tally[d] ?? 0))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Paper withBorder radius="md" p="sm" data-testid="counter-tally">
          <Group justify="space-between">
            <Text>{t('fees.counter.tally.counted')}</Text>
            <Text fw={700}>{formatRupees(counted)}</Text>
          </Group>
          <Group justify="space-between">
            <Text>{t('fees.counter.tally.expected')}</Text>
            <Text fw={700}>{formatRupees(day.expectedCash)}</Text>
          </Group>
          <Group justify="space-between">
            <Text>{t('fees.counter.tally.difference')}</Text>
            <Text fw={700} c={difference === 0 ? 'teal.8' : 'red.8'} role="status">
              {verdict}
            </Text>
          </Group>
        </Paper>
        <Text size="xs" c="dimmed">
          {t('fees.counter.tally.closeHint')}
        </Text>
        <ModalFooter onCancel={() => onTally({})} cancelLabel={t('fees.counter.tally.clear')} label={t('fees.counter.tally.closeDay')} onConfirm={closeDay} pending={close.isPending} />
      </Stack>
    </Modal>
  );
}
