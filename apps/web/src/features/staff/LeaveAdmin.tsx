import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LEAVE_LIMITS, leaveTypeInput, type LeaveBalance, type LeaveType, type LeaveTypeInput } from '@shala/contract';
import { useLeaveBalances, useLeaveTypes, useSaveLeaveBalance, useSaveLeaveType } from '../../api/staff-leave';
import { useStaffDay } from '../../api/staff';
import { ListState } from '../../components/ListState';
import { ModalFooter } from '../../components/ModalFooter';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';
import { useSchoolToday } from '../attendance';
import { daysText, typeNameOf } from './leaveLogic';

/** Admins: a person of the register (today's lists everyone with a sign-in), then its balances to edit. */
export function BalancesAdmin() {
  const { t } = useTranslation();
  const day = useStaffDay(useSchoolToday());
  const users = (day.data?.people ?? []).filter((p) => p.kind === 'user');
  const [userId, setUserId] = useState('');
  const balances = useLeaveBalances(userId || null, !!userId);
  return (
    <Stack gap="md">
      <ListState query={day} isEmpty={users.length === 0} emptyText={t('staffLeave.noStaff')} errorTitle={t('staff.day.loadError')} rows={1}>
        <NativeSelect
          label={t('staffLeave.person')}
          value={userId}
          onChange={(e) => setUserId(e.currentTarget.value)}
          data={[{ value: '', label: t('staffLeave.choosePerson') }, ...users.map((p) => ({ value: p.personId, label: p.fullName }))]}
          w={{ base: '100%', xs: 320 }}
        />
      </ListState>
      {userId ? (
        <ListState query={balances} isEmpty={!!balances.data && balances.data.balances.length === 0} emptyText={t('staffLeave.noTypes')} errorTitle={t('staffLeave.balancesError')} rows={3}>
          {balances.data ? (
            <ScrollArea type="auto" offsetScrollbars>
              <Table miw={560} verticalSpacing="xs" aria-label={t('staffLeave.balancesOf', { name: balances.data.fullName })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staffLeave.typeCol')}</Table.Th>
                    <Table.Th>{t('staffLeave.opening')}</Table.Th>
                    <Table.Th>{t('staffLeave.granted')}</Table.Th>
                    <Table.Th>{t('staffLeave.used')}</Table.Th>
                    <Table.Th>{t('staffLeave.available')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {balances.data.balances.map((b) => (
                    <BalanceRow key={`${userId}:${b.leaveTypeId}`} userId={userId} balance={b} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : null}
        </ListState>
      ) : null}
    </Stack>
  );
}

function BalanceRow({ userId, balance: b }: { userId: string; balance: LeaveBalance }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const save = useSaveLeaveBalance();
  const [opening, setOpening] = useState<number | string>(b.opening);
  const [granted, setGranted] = useState<number | string>(b.granted);
  const submit = useSubmit({
    save: () => save.mutateAsync({ userId, leaveTypeId: b.leaveTypeId, opening: Number(opening), granted: Number(granted) }),
    saved: () => t('staffLeave.balanceSaved', { code: b.code }),
    errorToast: true,
  });
  const changed = Number(opening) !== b.opening || Number(granted) !== b.granted;
  const name = `${b.code} ${typeNameOf(b, fmt.hindi)}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Badge variant="light" tt="none">
          {b.code}
        </Badge>{' '}
        <Text span size="sm">
          {typeNameOf(b, fmt.hindi)}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={t('staffLeave.openingOf', { name })} value={opening} onChange={setOpening} min={0} max={LEAVE_LIMITS.days} step={0.5} decimalScale={1} w={90} />
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={t('staffLeave.grantedOf', { name })} value={granted} onChange={setGranted} min={0} max={LEAVE_LIMITS.days} step={0.5} decimalScale={1} w={90} />
      </Table.Td>
      <Table.Td>{daysText(b.used, fmt.locale)}</Table.Td>
      <Table.Td fw={600}>{daysText(b.available, fmt.locale)}</Table.Td>
      <Table.Td>
        <Button size="xs" leftSection={<IconDeviceFloppy size={14} aria-hidden />} disabled={!changed} loading={submit.pending} onClick={() => void submit.run(undefined)} aria-label={t('staffLeave.saveBalanceOf', { name })}>
          {t('staffLeave.save')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Admins: the school's leave types, added and changed. */
export function LeaveTypesAdmin() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const types = useLeaveTypes();
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const items = types.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('staffLeave.types.add')}
        </Button>
      </Group>
      <ListState query={types} isEmpty={items.length === 0} emptyText={t('staffLeave.noTypes')} errorTitle={t('staffLeave.typesError')} rows={3}>
        <ScrollArea type="auto" offsetScrollbars>
          <Table miw={640} verticalSpacing="xs" aria-label={t('staffLeave.tabs.types')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staffLeave.types.code')}</Table.Th>
                <Table.Th>{t('staffLeave.types.name')}</Table.Th>
                <Table.Th>{t('staffLeave.types.daysPerSession')}</Table.Th>
                <Table.Th>{t('staffLeave.types.carryForwardMax')}</Table.Th>
                <Table.Th>{t('staffLeave.types.halfDay')}</Table.Th>
                <Table.Th>{t('staffLeave.types.documentAfter')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((x) => (
                <Table.Tr key={x.leaveTypeId} data-testid="leave-type-row" style={x.active ? undefined : { opacity: 0.6 }}>
                  <Table.Td>
                    <Badge variant="light" tt="none">
                      {x.code}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {typeNameOf(x, fmt.hindi)}
                    {x.active ? null : (
                      <Text size="xs" c="dimmed">
                        {t('staffLeave.types.inactive')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{daysText(x.daysPerSession, fmt.locale)}</Table.Td>
                  <Table.Td>{daysText(x.carryForwardMax, fmt.locale)}</Table.Td>
                  <Table.Td>{x.halfDayAllowed ? t('staffLeave.yes') : t('staffLeave.no')}</Table.Td>
                  <Table.Td>{x.documentAfterDays === null ? '—' : t('staffLeave.types.afterDays', { n: x.documentAfterDays })}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(x)} aria-label={t('staffLeave.types.editOf', { code: x.code })}>
                      {t('staffLeave.types.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </ListState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('staffLeave.types.add') : t('staffLeave.types.edit')}>
        {editing ? <LeaveTypeForm type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}

interface TypeValues {
  code: string;
  name: string;
  nameHi: string;
  daysPerSession: number | string;
  carryForwardMax: number | string;
  halfDayAllowed: boolean;
  documentAfterDays: number | string;
  active: boolean;
}

const typeBody = (v: TypeValues): LeaveTypeInput => ({
  code: v.code.trim().toUpperCase(),
  name: v.name.trim(),
  nameHi: v.nameHi.trim() || null,
  daysPerSession: Number(v.daysPerSession || 0),
  carryForwardMax: Number(v.carryForwardMax || 0),
  halfDayAllowed: v.halfDayAllowed,
  documentAfterDays: v.documentAfterDays === '' ? null : Number(v.documentAfterDays),
  active: v.active,
});

function LeaveTypeForm({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSaveLeaveType();
  const form = useContractForm<TypeValues>(leaveTypeInput, {
    initialValues: {
      code: type?.code ?? '',
      name: type?.name ?? '',
      nameHi: type?.nameHi ?? '',
      daysPerSession: type?.daysPerSession ?? 12,
      carryForwardMax: type?.carryForwardMax ?? 0,
      halfDayAllowed: type?.halfDayAllowed ?? true,
      documentAfterDays: type?.documentAfterDays ?? '',
      active: type?.active ?? true,
    },
    prepare: typeBody,
  });
  const submit = useSubmit({
    form,
    save: (v: TypeValues) => save.mutateAsync({ leaveTypeId: type?.leaveTypeId ?? null, body: typeBody(v) }),
    saved: (saved) => t('staffLeave.types.saved', { code: saved.code }),
    done: onClose,
  });
  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={type ? t('staffLeave.types.edit') : t('staffLeave.types.add')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('staffLeave.types.code')} description={t('staffLeave.types.codeHint')} required maxLength={LEAVE_LIMITS.code} data-autofocus {...form.getInputProps('code')} error={errorText(form.errors.code)} />
          <TextInput label={t('staffLeave.types.name')} required maxLength={LEAVE_LIMITS.name} {...form.getInputProps('name')} error={errorText(form.errors.name)} />
        </SimpleGrid>
        <TextInput label={t('staffLeave.types.nameHi')} maxLength={LEAVE_LIMITS.name} {...form.getInputProps('nameHi')} error={errorText(form.errors.nameHi)} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <NumberInput label={t('staffLeave.types.daysPerSession')} required min={0} max={LEAVE_LIMITS.days} step={0.5} decimalScale={1} {...form.getInputProps('daysPerSession')} error={errorText(form.errors.daysPerSession)} />
          <NumberInput label={t('staffLeave.types.carryForwardMax')} min={0} max={LEAVE_LIMITS.days} step={0.5} decimalScale={1} {...form.getInputProps('carryForwardMax')} error={errorText(form.errors.carryForwardMax)} />
          <NumberInput
            label={t('staffLeave.types.documentAfter')}
            description={t('staffLeave.types.documentAfterHint')}
            min={0}
            max={LEAVE_LIMITS.days}
            allowDecimal={false}
            {...form.getInputProps('documentAfterDays')}
            error={errorText(form.errors.documentAfterDays)}
          />
        </SimpleGrid>
        <Checkbox label={t('staffLeave.types.halfDayAllowed')} {...form.getInputProps('halfDayAllowed', { type: 'checkbox' })} />
        <Checkbox label={t('staffLeave.types.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <ModalFooter failure={submit.failure} onCancel={onClose} label={t('staffLeave.save')} pending={submit.pending} />
      </Stack>
    </form>
  );
}
