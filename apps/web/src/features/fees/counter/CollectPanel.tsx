import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Checkbox, CloseButton, Group, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_MODES, RECEIPT_LAYOUTS, type CounterCollectResult, type CounterHit, type Instalment, type ReceiptLayout } from '@shala/contract';
import { useCounterCollect } from '../../../api/fees-counter';
import { useStudentFees } from '../../../api/fees-student';
import { QueryError } from '../../../components/ListState';
import { notifyError } from '../../../lib/notify';
import { useClassLabel } from '../../academics/assign/parts';
import { STATE_COLOR } from '../StudentFeesParts';
import { useFeeFormat } from '../reports/parts';
import { defaultTicks, dueOf, newBatchId, tickedTotal } from './logic';
import { PhoneNumber } from '../../../components/PhoneNumber';

type Mode = (typeof PAYMENT_MODES)[number];

/**
 * A student at the counter: its unpaid instalments, the overdue ones and the next one due ticked;
 * the mode (cash first) and a reference; one "Collect ₹X" button, focused once the dues are here,
 * so Enter collects. The collection's batch id is made once for the student: a second press, or a
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
              {ticked.size ? t('fees.counter.collect.submit', { amount: f.money(total) }) : t('fees.counter.collect.none')}
            </Button>
          </Group>
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
