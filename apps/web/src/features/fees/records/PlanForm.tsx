import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INSTALMENTS_MAX, formatRupees } from '@shala/contract';
import { usePlanEmi } from '../../../api/fees-records';
import { useFeeDate } from '../feeDate';
import { planBody, planPreview, type PlanDraft, type PlanMode } from './logic';
import { useSubmit } from '../../../lib/useSubmit';
import { FailureAlert } from '../../../components/ModalFooter';
import { DateField } from '../../../components/DateField';

/**
 * An instalment plan for a record's balance: a number of monthly instalments from a first due date,
 * or chosen dates, with a live preview of the amounts (`splitInstalments`: the last takes the
 * remainder) before saving. On a record with a plan it replaces the unpaid instalments.
 */
export function PlanForm({ feeRecordId, balance, today, redo = false, onDone }: { feeRecordId: string; balance: number; today: string; redo?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const plan = usePlanEmi();
  const [draft, setDraft] = useState<PlanDraft>({ mode: 'monthly', count: Math.min(4, Math.max(1, balance)), startDate: today, dates: [today] });
  const preview = planPreview(balance, draft);
  const set = (change: Partial<PlanDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setDate = (i: number, value: string) => set({ dates: draft.dates.map((d, j) => (j === i ? value : d)) });

  const submit = useSubmit({
    save: (body: ReturnType<typeof planBody>) => plan.mutateAsync(body),
    // The spec's message (section 7), translated.
    saved: () => t('fees.records.plan.saved'),
    savedToast: () => ({ check: true }),
    done: () => onDone?.(),
    failTitle: t('fees.records.plan.failed'),
  });

  if (balance <= 0) return <Text c="dimmed">{t('fees.records.plan.nothingDue')}</Text>;

  const problemText = (p: string) => t(`fees.records.plan.problems.${p}`, { max: Math.min(balance, INSTALMENTS_MAX) });
  const save = () => {
    if (!('problem' in preview)) void submit.run(planBody(feeRecordId, draft));
  };

  return (
    <Stack gap="sm" data-testid="plan-form">
      <Text size="sm">{t(redo ? 'fees.records.plan.redoIntro' : 'fees.records.plan.intro', { balance: formatRupees(balance) })}</Text>
      <SegmentedControl
        value={draft.mode}
        onChange={(v) => set({ mode: v as PlanMode })}
        data={[
          { value: 'monthly', label: t('fees.records.plan.monthly') },
          { value: 'dates', label: t('fees.records.plan.chosenDates') },
        ]}
        aria-label={t('fees.records.plan.how')}
        fullWidth
      />
      {draft.mode === 'monthly' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('fees.records.plan.count')}
            min={1}
            max={INSTALMENTS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={draft.count}
            onChange={(v) => set({ count: v === '' ? '' : Number(v) })}
            required
          />
          <DateField label={t('fees.records.plan.firstDue')} value={draft.startDate} onChange={(day) => set({ startDate: day })} required />
        </SimpleGrid>
      ) : (
        <Stack gap="xs">
          {draft.dates.map((d, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <DateField
                label={t('fees.common.money.instalment', { seq: i + 1 })}
                value={d}
                onChange={(day) => setDate(i, day)}
                required
                style={{ flex: 1, minWidth: 0 }}
              />
              {draft.dates.length > 1 ? (
                <Tooltip label={t('fees.records.plan.removeDate')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('fees.records.plan.removeDateN', { seq: i + 1 })}
                    onClick={() => set({ dates: draft.dates.filter((_, j) => j !== i) })}
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ))}
          {draft.dates.length < INSTALMENTS_MAX ? (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={() => set({ dates: [...draft.dates, ''] })}
              >
                {t('fees.records.plan.addDate')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}

      {'problem' in preview ? (
        <Text size="sm" c="red.8" role="status">
          {problemText(preview.problem)}
        </Text>
      ) : (
        <Table aria-label={t('fees.records.plan.previewLabel')} data-testid="plan-preview" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('fees.common.money.dueDate')}</Table.Th>
              <Table.Th ta="right">{t('fees.common.money.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={r.seq}>
                <Table.Td>{r.seq}</Table.Td>
                <Table.Td>{date(r.dueDate)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(r.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2} fw={700}>
                {t('fees.common.money.total')}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(balance)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      <FailureAlert failure={submit.failure} />
      <Group justify="flex-end">
        {onDone && redo ? (
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button onClick={save} loading={submit.pending} disabled={'problem' in preview}>
          {t(redo ? 'fees.records.plan.saveRedo' : 'fees.records.plan.save')}
        </Button>
      </Group>
    </Stack>
  );
}
