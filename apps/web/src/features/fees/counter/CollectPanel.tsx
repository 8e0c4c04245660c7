import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, CloseButton, Group, List, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_MODES, RECEIPT_LAYOUTS, cashRounded, type CounterCollectResult, type CounterHit, type Instalment, type ReceiptLayout } from '@shala/contract';
import { useCounterCollect } from '../../../api/fees-counter';
import { useStudentFees } from '../../../api/fees-student';
import { QueryError } from '../../../components/ListState';
import { notifyError } from '../../../lib/notify';
import { useClassLabel } from '../../academics';
import { STATE_COLOR } from '../StudentFeesParts';
import { useFeeFormat } from '../reports/parts';
import { defaultTicks, dueOf, newBatchId, tickedTotal } from './logic';
import { PhoneNumber } from '../../../components/PhoneNumber';

type Mode = (typeof PAYMENT_MODES)[number];

/**
 * A student at the counter: its unpaid instalments, the overdue ones and the next one due ticked
 * (not one whose UPI reference the parent sent and the office has not checked: the counter shows
 * those first, with a link to the UPI payments, so nobody takes cash for what was paid); the mode
 * (cash first) and a reference; one "Collect ₹X" button (cash rounded to the rupee), focused once
 * the dues are here, so Enter collects. The collection's batch id is made once for the student: a second press, or a
 * retry after a lost answer, is the same batch and pays nothing twice.
 */
export function CollectPanel({
  hit,
  sessionId,
  layout,
  onLayout,
  onCollected,
  onClose,
}: {
  hit: CounterHit;
  sessionId: string;
  layout: ReceiptLayout;
  onLayout: (layout: ReceiptLayout) => void;
  onCollected: (result: CounterCollectResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const classLabel = useClassLabel();
  const fees = useStudentFees(hit.student.userId, sessionId);
  const collect = useCounterCollect();
  const batchId = useMemo(newBatchId, []);
  const unpaid = useMemo(() => (fees.data?.instalments ?? []).filter((i) => i.state !== 'paid'), [fees.data]);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const ticked = useMemo(() => chosen ?? new Set(defaultTicks(unpaid)), [chosen, unpaid]);
  const [mode, setMode] = useState<Mode>('cash');
  const [reference, setReference] = useState('');
  const submitRef = useRef<HTMLButtonElement>(null);
  const total = tickedTotal(unpaid, ticked);
  // Cash is taken in whole rupees (the tally counts notes and coins): the server's day expects the same.
  const toCollect = mode === 'cash' ? cashRounded(total) : total;
  const claimed = unpaid.filter((i) => i.upiClaim);
  const name = hit.student.fullName;

  // Once the dues are here, Enter collects.
  const ready = fees.isSuccess && unpaid.length > 0;
  useEffect(() => {
    if (ready) submitRef.current?.focus();
  }, [ready]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ticked.size === 0 || collect.isPending) return;
    try {
      onCollected(await collect.mutateAsync({ batchId, emiIds: unpaid.filter((i) => ticked.has(i.emiId)).map((i) => i.emiId), mode, reference: reference.trim() || undefined }));
    } catch (err) {
      notifyError(err);
      setChosen(null);
      void fees.refetch();
    }
  };

  let body;
  if (fees.isLoading) body = <Skeleton h={120} radius="md" aria-label={t('common.loading')} />;
  else if (fees.isError) body = <QueryError query={fees} title={t('fees.counter.collect.loadError')} />;
  else if (fees.data && !fees.data.record) body = <Alert color="gray">{t('fees.counter.collect.noRecord')}</Alert>;
  else if (fees.data && unpaid.length === 0) body = <Alert color="teal">{t('fees.counter.collect.nothingDue')}</Alert>;
  else if (fees.data) {
    const paid = fees.data.instalments.length - unpaid.length;
    body = (
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('fees.counter.collect.title', { name })}>
        <Stack gap="md">
          {claimed.length ? <PendingUpi claimed={claimed} /> : null}
          <Checkbox.Group
            label={t('fees.counter.collect.dues')}
            description={paid ? t('fees.counter.collect.paidCount', { count: paid, n: f.number(paid) }) : undefined}
            value={[...ticked]}
            onChange={(ids) => setChosen(new Set(ids))}
          >
            <Stack gap={6} mt="xs">
              {unpaid.map((i) => (
                <DueLine key={i.emiId} instalment={i} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group label={t('fees.common.money.mode')} value={mode} onChange={(v) => setMode(v as Mode)}>
            <Group gap="md" mt={6}>
              {PAYMENT_MODES.map((m) => (
                <Radio key={m} value={m} label={t(`fees.common.modes.${m}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t('fees.common.money.reference')}
            description={t(`fees.records.pay.referenceHint.${mode}`)}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={60}
          />
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Radio.Group label={t('fees.counter.receipt.layout')} value={layout} onChange={(v) => onLayout(v as ReceiptLayout)}>
              <Group gap="md" mt={6}>
                {RECEIPT_LAYOUTS.map((l) => (
                  <Radio key={l} value={l} label={t(`fees.counter.receipt.${l}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Button ref={submitRef} type="submit" size="md" leftSection={<IconCash size={20} aria-hidden />} loading={collect.isPending} disabled={ticked.size === 0} data-testid="counter-collect-button">
              {ticked.size ? t('fees.counter.collect.submit', { amount: f.money(toCollect) }) : t('fees.counter.collect.none')}
            </Button>
          </Group>
          {ticked.size && toCollect !== total ? (
            <Text size="sm" c="dimmed" ta="right" data-testid="counter-rounded">
              {t('fees.counter.collect.rounded', { exact: f.money(total), amount: f.money(toCollect) })}
            </Text>
          ) : null}
        </Stack>
      </form>
    );
  }

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={t('fees.counter.collect.title', { name })} data-testid="counter-collect">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm">
              {[classLabel(hit.class), hit.student.rollNo !== null ? t('fees.counter.search.roll', { n: hit.student.rollNo }) : null, hit.student.loginId].filter(Boolean).join(' · ')}
            </Text>
            {hit.parent ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('fees.counter.search.parent', { name: hit.parent.fullName })}
                {hit.parent.contact ? (
                  <>
                    {' · '}
                    <PhoneNumber value={hit.parent.contact} />
                  </>
                ) : null}
              </Text>
            ) : null}
          </div>
          <CloseButton aria-label={t('fees.counter.collect.close')} onClick={onClose} />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

/**
 * The parent's UPI references waiting for the office to check them against the bank statement:
 * each instalment's reference and amount, and the way to the UPI payments to confirm or reject them.
 */
function PendingUpi({ claimed }: { claimed: Instalment[] }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('fees.counter.upi.title', { count: claimed.length })} data-testid="counter-upi">
      <Stack gap={6}>
        <List size="sm" spacing={2}>
          {claimed.map((i) => (
            <List.Item key={i.emiId} style={{ overflowWrap: 'anywhere' }}>
              {t('fees.counter.upi.line', { seq: i.seq, amount: f.money(dueOf(i)), reference: i.upiClaim!.reference, date: f.date(i.upiClaim!.claimedAt.slice(0, 10)) })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('fees.counter.upi.text')}</Text>
        <Anchor component={Link} to="/feeupiclaims" size="sm" fw={600}>
          {t('fees.counter.upi.open')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** An unpaid instalment to tick: its number and due date, its state, its late fee, what it comes to. */
function DueLine({ instalment: i }: { instalment: Instalment }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  return (
    <Paper withBorder radius="sm" px="sm" py={8} data-testid="counter-due">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Checkbox
          value={i.emiId}
          label={t('fees.counter.collect.instalment', { seq: i.seq, date: f.date(i.dueDate) })}
          description={
            <Group component="span" gap={6} wrap="wrap">
              <Badge component="span" size="sm" variant="light" color={STATE_COLOR[i.state]}>
                {t(`fees.common.states.${i.state}`)}
              </Badge>
              {i.lateFee > 0 ? <span>{t('fees.counter.collect.lateFee', { amount: f.money(i.lateFee) })}</span> : null}
              {i.upiClaim ? (
                <Badge component="span" size="sm" variant="light" color="yellow" style={{ textTransform: 'none' }}>
                  {t('fees.counter.upi.badge')}
                </Badge>
              ) : null}
            </Group>
          }
        />
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {f.money(dueOf(i))}
        </Text>
      </Group>
    </Paper>
  );
}
