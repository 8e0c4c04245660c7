import { useState } from 'react';
import { Anchor, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowLeft, IconCash, IconChevronRight, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees, type AcademicSession, type ClassSummary, type FeeRecordRow, type Instalment, type StudentFees } from '@shala/contract';
import { RECORDS_PAGE, useFeeRecords } from '../../../api/fees-records';
import { useStudentFees } from '../../../api/fees-student';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState, RecordState } from '../../../components/ListState';
import { ListPager } from '../../../components/ListToolbar';
import { useAddressParams, useClampPage, useListParams } from '../../../lib/useListParams';
import { sessionScreen, useClassLabel } from '../../academics';
import { StudentFeesView } from '../StudentFeesView';
import { MarkPaidModal, ReverseModal } from './PaymentModals';
import { PlanForm } from './PlanForm';
import { WaiveLateFeeButton, WaiveLateFeeModal } from './WaiveLateFee';
import { ClassBar, PlanProgress, RecordsHead, useChosenClass } from './parts';
import { StudentCell } from '../../../components/StudentCell';

/**
 * /addfeeemi (113, "EMIs"): a class, then one of its students with a fee record, then that
 * student's fees: the plan (made, or redone for the unpaid part), each instalment marked paid or
 * its payment reversed. The class and student stay in the address (`?class=&student=`).
 */
export default sessionScreen('fees.records.emi.description', (session) => <EmiScreen session={session} />);

function EmiScreen({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const { cls, pending, choose } = useChosenClass(session);
  const { params, update } = useAddressParams();
  const studentId = params.get('student');
  const pick = (id: string | null) => update({ student: id }, { push: true });
  return (
    <Stack gap="md" maw={1100}>
      <ClassBar session={session} value={cls?.assignClassId ?? null} onChange={choose} />
      {cls ? (
        studentId ? (
          <StudentPanel key={studentId} cls={cls} session={session} studentId={studentId} onBack={() => pick(null)} />
        ) : (
          <StudentChooser key={cls.assignClassId} cls={cls} onPick={pick} />
        )
      ) : pending ? null : (
        <Text c="dimmed">{t('fees.records.emi.pickClass')}</Text>
      )}
    </Stack>
  );
}

const FILTERS = ['with'] as const;

/** The class's students with a fee record: balance, plan, next due; one is opened. */
function StudentChooser({ cls, onPick }: { cls: ClassSummary; onPick: (studentId: string) => void }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const list = useListParams<'with'>(FILTERS, 'with', RECORDS_PAGE);
  const records = useFeeRecords({ assignClassId: cls.assignClassId, page: list.page, search: list.search, has: 'with' });
  useClampPage(list.page, records.data, list.setPage);
  const items = records.data?.items ?? [];
  const className = label(cls);
  const open = (row: FeeRecordRow) => (
    <Button
      size="xs"
      variant="light"
      rightSection={<IconChevronRight size={16} aria-hidden />}
      onClick={() => onPick(row.student.userId)}
      aria-label={t('fees.records.emi.openNamed', { name: row.student.fullName })}
    >
      {t('fees.records.emi.open')}
    </Button>
  );
  const figures = (row: FeeRecordRow) => (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {t('fees.common.money.balance')} {formatRupees(row.record!.balance)}
        <Text span size="sm" c="dimmed" fw={400}>
          {' '}
          / {formatRupees(row.record!.total)}
        </Text>
      </Text>
      <PlanProgress record={row.record!} />
    </Stack>
  );
  const name = (row: FeeRecordRow) => (
    <StudentCell student={row.student} roll={row.student.rollNo != null ? t('fees.records.rollNo', { n: row.student.rollNo }) : null} />
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="emi-students">
      <Title order={2} size="h4" id="emi-students" mb="sm">
        {t('fees.records.emi.studentsTitle', { name: className })}
      </Title>
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={list.searchInput}
        onChange={(e) => list.setSearchInput(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        inputMode="search"
        maxLength={100}
        mb="md"
        maw={420}
      />
      <ListState
        query={records}
        isEmpty={items.length === 0}
        emptyText={list.search ? t('fees.records.noMatch') : t('fees.records.noRecords')}
        emptyAction={
          list.search ? undefined : (
            <Anchor component={Link} to={`/addfeerecord?class=${cls.assignClassId}`}>
              {t('fees.records.emi.makeRecords')}
            </Anchor>
          )
        }
        rows={3}
      >
        {cards ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('fees.records.emi.studentsTitle', { name: className })}>
            {items.map((row) => (
              <Paper key={row.student.userId} component="li" withBorder radius="md" p="sm" aria-label={row.student.fullName}>
                <Stack gap={6}>
                  {name(row)}
                  {figures(row)}
                  <Group justify="flex-end">{open(row)}</Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('fees.records.emi.studentsTitle', { name: className })} aria-busy={records.isFetching}>
              <RecordsHead />
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr key={row.student.userId} aria-label={row.student.fullName}>
                    <Table.Td>{name(row)}</Table.Td>
                    <Table.Td>{figures(row)}</Table.Td>
                    <Table.Td ta="right">{open(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager page={list.page} pageSize={RECORDS_PAGE} total={records.data?.total ?? 0} onChange={list.setPage} />
      </ListState>
    </Paper>
  );
}

type Dialog = { kind: 'pay' | 'reverse' | 'waive'; instalment: Instalment } | { kind: 'redo' } | null;

/** One student's fees with the plan form, and per instalment: mark paid, or reverse its payment. */
function StudentPanel({ cls, session, studentId, onBack }: { cls: ClassSummary; session: AcademicSession; studentId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const fees = useStudentFees(studentId, session.sessionId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px={4}>
          {t('fees.records.emi.otherStudent')}
        </Button>
        {fees.data?.record && fees.data.instalments.length > 0 && fees.data.record.balance > 0 ? (
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setDialog({ kind: 'redo' })}>
            {t('fees.records.plan.redo')}
          </Button>
        ) : null}
      </Group>
      <RecordState query={fees}>
        {() => (fees.data ? <Fees fees={fees.data} cls={cls} onDialog={setDialog} /> : null)}
      </RecordState>
      {fees.data && dialog?.kind === 'pay' ? <MarkPaidModal instalment={dialog.instalment} student={fees.data.student.fullName} today={fees.data.today} onClose={close} /> : null}
      {fees.data && dialog?.kind === 'reverse' ? <ReverseModal instalment={dialog.instalment} onClose={close} /> : null}
      {fees.data && dialog?.kind === 'waive' ? <WaiveLateFeeModal instalment={dialog.instalment} student={fees.data.student.fullName} onClose={close} /> : null}
      {fees.data?.record && dialog?.kind === 'redo' ? (
        <Modal opened onClose={close} title={t('fees.records.plan.redoTitle', { name: fees.data.student.fullName })} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
          <PlanForm feeRecordId={fees.data.record.feeRecordId} balance={fees.data.record.balance} today={fees.data.today} redo onDone={close} />
        </Modal>
      ) : null}
    </Stack>
  );
}

function Fees({ fees, cls, onDialog }: { fees: StudentFees; cls: ClassSummary; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const actions = (i: Instalment) => (
    <Group gap="xs">
      {payOrReverse(i)}
      <WaiveLateFeeButton instalment={i} onClick={() => onDialog({ kind: 'waive', instalment: i })} />
    </Group>
  );
  const payOrReverse = (i: Instalment) =>
    i.state === 'paid' ? (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => onDialog({ kind: 'reverse', instalment: i })}
        aria-label={t('fees.records.reverse.actionN', { seq: i.seq })}
      >
        {t('fees.records.reverse.action')}
      </Button>
    ) : (
      <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={() => onDialog({ kind: 'pay', instalment: i })} aria-label={t('fees.records.pay.actionN', { seq: i.seq })}>
        {t('fees.records.pay.action')}
      </Button>
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {fees.student.fullName}
        <Text span c="dimmed" size="sm" fw={400}>
          {' '}
          · {fees.student.loginId}
        </Text>
      </Title>
      {fees.record ? null : (
        <Anchor component={Link} to={`/addfeerecord?class=${cls.assignClassId}`} size="sm">
          {t('fees.records.emi.makeRecords')}
        </Anchor>
      )}
      <StudentFeesView
        fees={fees}
        actions={actions}
        noPlan={fees.record ? <PlanForm feeRecordId={fees.record.feeRecordId} balance={fees.record.balance} today={fees.today} /> : undefined}
      />
    </Stack>
  );
}
