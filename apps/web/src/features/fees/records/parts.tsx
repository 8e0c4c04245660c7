import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees, type AcademicSession, type FeeAdjustment, type FeeRecord, type FeeType } from '@shala/contract';
import { useClassOptions } from '../../../api/academics-assign';
import { useClassFee } from '../../../api/fees-setup';
import { apiErrorText } from '../../../api/errors';
import { ClassPicker } from '../../academics';
import { useFeeDate } from '../feeDate';
import { recordPreview, typeValue } from './logic';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useRememberedClass } from '../../../lib/useRememberedClass';

/** A fee type as the pickers offer it: name, then what it adds ("Bus (+₹500.00)"). */
export const typeOption = (t: Pick<FeeType, 'feeTypeId' | 'name' | 'kind' | 'value'>) => ({ value: t.feeTypeId, label: `${t.name} (${typeValue(t)})` });

/** A record's adjustments as fee types (a type switched off since is still shown on its record). */
export const adjustmentTypes = (adjustments: readonly FeeAdjustment[]): Pick<FeeType, 'feeTypeId' | 'name' | 'kind' | 'value'>[] =>
  adjustments.map((a) => ({ feeTypeId: a.feeTypeId, name: a.name, kind: a.kind, value: a.value }));

/**
 * The class chosen on a records screen, kept in the address (`?class=`, so a reload keeps it); a
 * class of another session (the header's session changed) counts as none.
 */
export function useChosenClass(session: AcademicSession) {
  const options = useClassOptions(session.sessionId);
  const remembered = useRememberedClass(options.data?.items.map((c) => c.assignClassId));
  const raw = remembered.classId;
  const cls = options.data?.items.find((c) => c.assignClassId === raw) ?? null;
  // Another class: its own page, filter and student.
  const choose = (id: string | null) => {
    if (!id || id !== raw) remembered.choose(id);
  };
  return { cls, pending: !!raw && options.isLoading, choose };
}

/** The class picker of a records screen. */
export function ClassBar({ session, value, onChange }: { session: AcademicSession; value: string | null; onChange: (id: string | null) => void }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <ClassPicker sessionId={session.sessionId} value={value} onChange={onChange} />
    </Paper>
  );
}

/**
 * The class's fee: its total, or (not set yet) a warning with the way to set it. Returns the fee
 * to its children (null while unknown or not set).
 */
export function ClassFeeLine({ assignClassId, className }: { assignClassId: string; className: string }) {
  const { t } = useTranslation();
  const fee = useClassFee(assignClassId);
  if (fee.isLoading) return <LoadingBlock h={28} w={240} radius="sm" />;
  if (fee.isError) {
    return (
      <Alert color="red" role="alert" title={t('fees.records.classFeeError')}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{apiErrorText(fee.error, t)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void fee.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!fee.data) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('fees.records.noClassFeeTitle', { name: className })} data-testid="no-class-fee">
        <Text size="sm" mb={4}>
          {t('fees.records.noClassFee')}
        </Text>
        <Anchor component={Link} to={`/AddClassFee?assignClassId=${assignClassId}`} size="sm" fw={600}>
          {t('fees.records.setClassFee')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Text fw={600} data-testid="class-fee">
      {t('fees.records.classFeeIs', { name: className, total: formatRupees(fee.data.total) })}
    </Text>
  );
}

/** Fee types to add to a record (active ones, plus those the record already carries), in the order chosen. */
export function FeeTypePicker({
  types,
  value,
  onChange,
  loading,
  error,
}: {
  types: readonly Pick<FeeType, 'feeTypeId' | 'name' | 'kind' | 'value'>[];
  value: string[];
  onChange: (ids: string[]) => void;
  loading: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('fees.records.feeTypes')}
      description={t('fees.records.feeTypesHint')}
      placeholder={value.length ? undefined : loading ? t('common.loading') : t('fees.records.noFeeTypesChosen')}
      data={types.map(typeOption)}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('fees.records.noFeeTypes')}
      error={error ?? undefined}
      maxValues={20}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What a record would come to, line by line (the class fee, each fee type), and the total. */
export function PreviewTable({ classFee, types, label }: { classFee: number; types: readonly Pick<FeeType, 'feeTypeId' | 'name' | 'kind' | 'value'>[]; label: string }) {
  const { t } = useTranslation();
  const preview = recordPreview(classFee, types);
  return (
    <Table aria-label={label} data-testid="record-preview">
      <Table.Tbody>
        {preview.lines.map((line) => (
          <Table.Tr key={line.feeTypeId ?? 'class'}>
            <Table.Td>{line.feeTypeId ? line.name : t('fees.common.view.classFee')}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(line.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>{t('fees.records.totalPerStudent')}</Table.Td>
          <Table.Td ta="right" fw={700} c={preview.total < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatRupees(preview.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** A record's plan in words: "2 of 4 paid · next due 10 May 2026", or "No plan yet". */
export function PlanProgress({ record }: { record: FeeRecord }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  if (record.instalments === 0) return <Text size="sm">{t('fees.records.noPlanShort')}</Text>;
  return (
    <Text size="sm">
      {t('fees.records.planProgress', { paid: record.instalmentsPaid, count: record.instalments })}
      {record.nextDue ? ` · ${t('fees.records.nextDue', { date: date(record.nextDue) })}` : ''}
      {record.overdue > 0 ? (
        <Text span c="red.8" size="sm" fw={600}>
          {` · ${t('fees.records.overdueAmount', { amount: formatRupees(record.overdue) })}`}
        </Text>
      ) : null}
    </Text>
  );
}

/** The head of a table of students' fee records: the student, the record, its actions (a select-all box first when given). */
export function RecordsHead({ pageBox }: { pageBox?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {pageBox ? <Table.Th w={48}>{pageBox}</Table.Th> : null}
        <Table.Th>{t('fees.records.student')}</Table.Th>
        <Table.Th>{t('fees.records.record')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('fees.common.view.actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
