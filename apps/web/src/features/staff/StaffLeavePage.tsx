import { useState } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { API, LEAVE_HALVES, LEAVE_LIMITS, LEAVE_STATUSES, optionalText, staffLeaveInput, type Role, type LeaveStatus, type LeaveType, type StaffLeave } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { downloadLeaveFile, useApplyLeave, useCancelLeave, useDecideLeave, useLeaveBalances, useLeaveTypes, useStaffLeaves } from '../../api/staff-leave';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { ListState } from '../../components/ListState';
import { ModalFooter } from '../../components/ModalFooter';
import { ReasonModal } from '../../components/ReasonModal';
import { DateField } from '../../components/DateField';
import { FileDownloadButton, FileUploadsField, useFileUploads } from '../../components/FileUploads';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';
import { useAddressParams } from '../../lib/useListParams';
import { useSchoolToday } from '../attendance';
import { applyBody, daysText, documentNeeded, halfDayOffered, LEAVE_STATUS_COLOR, pendingFirst, typeNameOf, type ApplyValues } from './leaveLogic';
import { BalancesAdmin, LeaveTypesAdmin } from './LeaveAdmin';

const TABS = ['mine', 'applications', 'balances', 'types'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;

/**
 * /staffleave (112–114): one's balances, "Apply for leave" and one's applications; the admins also
 * decide everyone's applications, set balances and keep the leave types (tabs, in the address).
 */
export default function StaffLeavePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  // The admins: those the contract lets decide leave.
  const admin = role !== null && (API.staffLeaveDecide.roles as readonly Role[]).includes(role);
  const { params, update } = useAddressParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = admin && asked && TABS.includes(asked) ? asked : 'mine';
  return (
    <>
      <PageHeading title={t(route.title)} description={t('staffLeave.description')} />
      <Stack gap="md" maw={960}>
        {admin ? (
          <Tabs value={tab} onChange={(v) => update({ tab: v && v !== 'mine' ? v : null })} keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {TABS.map((k) => (
                <Tabs.Tab key={k} value={k}>
                  {t(`staffLeave.tabs.${k}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="mine" pt="md">
              <MyLeave />
            </Tabs.Panel>
            <Tabs.Panel value="applications" pt="md">
              <Applications />
            </Tabs.Panel>
            <Tabs.Panel value="balances" pt="md">
              <BalancesAdmin />
            </Tabs.Panel>
            <Tabs.Panel value="types" pt="md">
              <LeaveTypesAdmin />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <MyLeave />
        )}
      </Stack>
    </>
  );
}

/** The caller's balances, "Apply for leave" and its applications. */
function MyLeave() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const balances = useLeaveBalances(null);
  const [applying, setApplying] = useState(false);
  const [page, setPage] = useState(1);
  const list = useStaffLeaves(true, null, page, PAGE_SIZE);
  const items = list.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text component="h2" fw={700} size="md" m={0}>
          {t('staffLeave.balances')}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setApplying(true)}>
          {t('staffLeave.apply')}
        </Button>
      </Group>
      <ListState query={balances} isEmpty={!!balances.data && balances.data.balances.length === 0} emptyText={t('staffLeave.noTypes')} errorTitle={t('staffLeave.balancesError')} rows={2}>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('staffLeave.balances')}>
          {balances.data?.balances.map((b) => (
            <Paper key={b.leaveTypeId} component="li" withBorder radius="md" p="sm" aria-label={`${b.code} ${typeNameOf(b, fmt.hindi)}`} data-testid="leave-balance">
              <Badge variant="light" tt="none">
                {b.code}
              </Badge>
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {typeNameOf(b, fmt.hindi)}
              </Text>
              <Text fw={700} size="lg">
                {t('staffLeave.availableOf', { n: daysText(b.available, fmt.locale), of: daysText(b.opening + b.granted, fmt.locale) })}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </ListState>
      <Text component="h2" fw={700} size="md" m={0}>
        {t('staffLeave.myApplications')}
      </Text>
      <ListState query={list} isEmpty={items.length === 0} emptyText={t('staffLeave.emptyMine')} errorTitle={t('staffLeave.listError')} rows={3}>
        <LeaveList items={items} showName={false} />
        <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      </ListState>
      <Modal opened={applying} onClose={() => setApplying(false)} title={t('staffLeave.apply')} size="lg">
        {applying ? <ApplyForm onClose={() => setApplying(false)} /> : null}
      </Modal>
    </Stack>
  );
}

function Pager({ total, page, setPage }: { total: number; page: number; setPage: (n: number) => void }) {
  const pages = Math.ceil(total / PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} mt="sm" size="sm" /> : null;
}

/** Admins: everyone's applications, pending first, by status; approve or decline where canDecide. */
function Applications() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LeaveStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useStaffLeaves(false, status === 'all' ? null : status, page, PAGE_SIZE);
  const items = pendingFirst(list.data?.items ?? []);
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('staffLeave.filterStatus')}
        value={status}
        onChange={(e) => {
          setStatus(e.currentTarget.value as LeaveStatus | 'all');
          setPage(1);
        }}
        data={[{ value: 'all', label: t('staffLeave.statusAll') }, ...LEAVE_STATUSES.map((s) => ({ value: s, label: t(`staffLeave.status.${s}`) }))]}
        w={{ base: '100%', xs: 240 }}
      />
      <ListState query={list} isEmpty={items.length === 0} emptyText={status === 'pending' ? t('staffLeave.emptyPending') : t('staffLeave.emptyAll')} errorTitle={t('staffLeave.listError')} rows={3}>
        <LeaveList items={items} showName />
        <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      </ListState>
    </Stack>
  );
}

/** Applications as cards: type, dates, days, status, reason, the document, the decision, the actions. */
function LeaveList({ items, showName }: { items: StaffLeave[]; showName: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [acting, setActing] = useState<{ leave: StaffLeave; action: 'approve' | 'decline' | 'cancel' } | null>(null);
  const range = (l: StaffLeave) =>
    l.fromDate === l.toDate ? (l.half ? t('staffLeave.halfOn', { date: fmt.date(l.fromDate), half: t(`staffLeave.half.${l.half}`) }) : fmt.date(l.fromDate)) : t('staffLeave.range', { from: fmt.date(l.fromDate), to: fmt.date(l.toDate) });
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('staffLeave.listLabel')}>
        {items.map((l) => (
          <Paper key={l.leaveId} component="li" withBorder radius="md" p="sm" data-testid="leave-row" data-status={l.status}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" tt="none">
                    {l.code}
                  </Badge>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {showName ? `${l.fullName} · ` : ''}
                    {typeNameOf({ name: l.typeName, nameHi: l.typeNameHi }, fmt.hindi)}
                  </Text>
                </Group>
                <Badge color={LEAVE_STATUS_COLOR[l.status]} variant="light" tt="none">
                  {t(`staffLeave.status.${l.status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {range(l)} · {t('staffLeave.days', { count: l.days, n: daysText(l.days, fmt.locale) })}
              </Text>
              {l.paidDays !== null && l.unpaidDays ? (
                <Text size="xs" c="orange.8">
                  {t('staffLeave.withoutPay', { n: daysText(l.unpaidDays, fmt.locale) })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {l.reason}
              </Text>
              {l.file ? (
                <Group>
                  <FileDownloadButton file={l.file} download={() => downloadLeaveFile(l)} />
                </Group>
              ) : null}
              {l.decidedByName ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('staffLeave.decidedBy', { name: l.decidedByName, when: l.decidedAt ? fmt.dateTime(l.decidedAt) : '' })}
                  {l.comment ? ` — ${l.comment}` : ''}
                </Text>
              ) : null}
              {l.canDecide || l.canCancel ? (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {l.canCancel ? (
                    <Button size="xs" variant="default" onClick={() => setActing({ leave: l, action: 'cancel' })} aria-label={t('staffLeave.cancelOf', { what: range(l) })}>
                      {t('staffLeave.cancel')}
                    </Button>
                  ) : null}
                  {l.canDecide ? (
                    <>
                      <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} aria-hidden />} onClick={() => setActing({ leave: l, action: 'decline' })}>
                        {t('staffLeave.decline')}
                      </Button>
                      <Button size="xs" color="green" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => setActing({ leave: l, action: 'approve' })}>
                        {t('staffLeave.approve')}
                      </Button>
                    </>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {acting ? <ActionModal leave={acting.leave} action={acting.action} what={range(acting.leave)} onClose={() => setActing(null)} /> : null}
    </>
  );
}

/** A decision's or a cancellation's optional comment, as the contract checks it. */
const COMMENT = z.object({ reason: optionalText(LEAVE_LIMITS.comment) });

/** Approve, decline or cancel, with an optional comment. */
function ActionModal({ leave, action, what, onClose }: { leave: StaffLeave; action: 'approve' | 'decline' | 'cancel'; what: string; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideLeave();
  const cancel = useCancelLeave();
  return (
    <ReasonModal
      title={t(`staffLeave.confirm.${action}`)}
      intro={
        <Text size="sm">
          {leave.fullName} · {leave.code} · {what}
        </Text>
      }
      reasonLabel={t('staffLeave.comment')}
      optional
      schema={COMMENT}
      maxLength={LEAVE_LIMITS.comment}
      save={(c) => (action === 'cancel' ? cancel.mutateAsync({ leaveId: leave.leaveId, comment: c || null }) : decide.mutateAsync({ leaveId: leave.leaveId, body: { decision: action, comment: c || null } }))}
      saved={() => t(`staffLeave.done.${action}`)}
      submitLabel={t(`staffLeave.${action === 'cancel' ? 'cancelSubmit' : action}`)}
      color={action === 'approve' ? 'green' : 'red'}
      onClose={onClose}
    />
  );
}

/** Apply for leave: type, first and last day, a half day where offered, the reason and a document. */
function ApplyForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const errorText = useErrorToken();
  const types = useLeaveTypes();
  const active = (types.data?.items ?? []).filter((x) => x.active);
  const apply = useApplyLeave();
  const today = useSchoolToday();
  const files = useFileUploads(1);
  const form = useContractForm<ApplyValues>(staffLeaveInput, {
    initialValues: { leaveTypeId: '', fromDate: today, toDate: today, half: '', reason: '' },
    prepare: (v) => ({ ...v, half: v.half && v.fromDate === v.toDate ? v.half : null, reason: v.reason.trim(), file: null }),
  });
  const v = form.values;
  const type: LeaveType | undefined = active.find((x) => x.leaveTypeId === v.leaveTypeId);
  const halfOffered = halfDayOffered(type, v.fromDate, v.toDate);
  const needsFile = documentNeeded(type, v.fromDate, v.toDate);
  const submit = useSubmit({
    form,
    save: (values: ApplyValues) => apply.mutateAsync(applyBody(values, type, files.names[0] ?? null)),
    saved: () => t('staffLeave.applied'),
    done: onClose,
  });
  if (types.isLoading || types.isError || active.length === 0) {
    return (
      <ListState query={types} isEmpty={active.length === 0} emptyText={t('staffLeave.noTypes')} errorTitle={t('staffLeave.typesError')} rows={3}>
        {null}
      </ListState>
    );
  }
  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('staffLeave.applyForm')}>
      <Stack gap="md">
        <NativeSelect
          label={t('staffLeave.type')}
          required
          data={[{ value: '', label: t('staffLeave.chooseType') }, ...active.map((x) => ({ value: x.leaveTypeId, label: `${x.code} — ${typeNameOf(x, fmt.hindi)}` }))]}
          {...form.getInputProps('leaveTypeId')}
          error={errorText(form.errors.leaveTypeId)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            label={t('staffLeave.from')}
            required
            {...form.getInputProps('fromDate')}
            onChange={(d) => {
              form.setFieldValue('fromDate', d);
              if (d && (!v.toDate || v.toDate < d)) form.setFieldValue('toDate', d);
            }}
            error={errorText(form.errors.fromDate)}
          />
          <DateField label={t('staffLeave.to')} required min={v.fromDate || undefined} {...form.getInputProps('toDate')} error={errorText(form.errors.toDate)} />
        </SimpleGrid>
        {halfOffered ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="leave-half-label">
              {t('staffLeave.duration')}
            </Text>
            <SegmentedControl
              aria-labelledby="leave-half-label"
              data={[{ value: '', label: t('staffLeave.fullDay') }, ...LEAVE_HALVES.map((h) => ({ value: h, label: t(`staffLeave.half.${h}`) }))]}
              value={v.half}
              onChange={(h) => form.setFieldValue('half', h as ApplyValues['half'])}
              fullWidth
            />
          </Stack>
        ) : null}
        <Textarea label={t('staffLeave.reason')} required autosize minRows={2} maxLength={LEAVE_LIMITS.reason} {...form.getInputProps('reason')} error={errorText(form.errors.reason)} />
        <FileUploadsField
          id="leave-file"
          state={files}
          label={needsFile ? `${t('staffLeave.document')} *` : t('staffLeave.documentOptional')}
          addLabel={t('staffLeave.addDocument')}
          listLabel={t('staffLeave.document')}
          error={needsFile && files.names.length === 0 && type ? t('staffLeave.documentNeeded', { days: type.documentAfterDays }) : undefined}
        />
        <ModalFooter failure={submit.failure} onCancel={onClose} label={t('staffLeave.applySubmit')} pending={submit.pending} disabled={files.uploading} />
      </Stack>
    </form>
  );
}
