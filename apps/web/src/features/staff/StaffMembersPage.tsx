import { useState } from 'react';
import { Badge, Button, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STAFF_MEMBER_LIMITS, staffMemberInput, type StaffMember } from '@shala/contract';
import { useCreateStaffMember, useStaffMembers } from '../../api/staff';
import type { ScreenProps } from '../../lib/screen';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { ModalFooter } from '../../components/ModalFooter';
import { DateField } from '../../components/DateField';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';
import { useListParams } from '../../lib/useListParams';
import { useSchoolToday } from '../attendance';

const FILTERS = ['current', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /staffmembers (112, 113): the staff without a sign-in (drivers, attendants, guards, the office),
 * those still working or all, searched by name; "Add staff member" puts one on the staff register
 * from the day they join.
 */
export default function StaffMembersPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams<Filter>(FILTERS, 'current');
  const query = useStaffMembers(list.status === 'current', list.search, list.page, list.pageSize);
  const [adding, setAdding] = useState(false);
  const today = useSchoolToday();

  const columns: ListColumn<StaffMember>[] = [
    { key: 'name', header: t('staff.members.fullName'), primary: true, cell: (m) => <Text size="sm" fw={600}>{m.fullName}</Text> },
    { key: 'designation', header: t('staff.members.designation'), cell: (m) => m.designation },
    { key: 'phone', header: t('staff.members.phone'), wrap: 'nowrap', cell: (m) => m.phone ?? '—' },
    { key: 'joined', header: t('staff.members.joinedOn'), wrap: 'nowrap', cell: (m) => f.date(m.joinedOn) },
    {
      key: 'status',
      header: t('staff.members.status'),
      cell: (m) =>
        m.leftOn && m.leftOn < today ? (
          <Badge color="gray" variant="light" tt="none">
            {t('staff.members.left', { date: f.date(m.leftOn) })}
          </Badge>
        ) : m.leftOn ? (
          <Badge color="yellow" variant="light" tt="none">
            {t('staff.members.leaving', { date: f.date(m.leftOn) })}
          </Badge>
        ) : (
          <Badge color="green" variant="dot" tt="none">
            {t('staff.members.working')}
          </Badge>
        ),
    },
  ];

  return (
    <ListPage
      title={t(route.title)}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          {t('staff.members.add')}
        </Button>
      }
      list={list}
      statuses={FILTERS}
      statusLabel={(s) => t(`staff.members.filter.${s}`)}
      searchPlaceholder={t('staff.members.searchPlaceholder')}
      query={query}
      columns={columns}
      rowKey={(m) => m.staffMemberId}
      emptyText={list.search ? t('staff.members.emptySearch') : t('staff.members.empty')}
      minWidth={720}
    >
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('staff.members.add')} centered>
        {adding ? <AddStaffMemberForm today={today} onClose={() => setAdding(false)} /> : null}
      </Modal>
    </ListPage>
  );
}

interface Values {
  fullName: string;
  designation: string;
  phone: string;
  joinedOn: string;
  leftOn: string;
}

const bodyOf = (v: Values) => ({
  fullName: v.fullName.trim(),
  designation: v.designation.trim(),
  phone: v.phone.trim() || null,
  joinedOn: v.joinedOn,
  leftOn: v.leftOn || null,
});

function AddStaffMemberForm({ today, onClose }: { today: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const create = useCreateStaffMember();
  const form = useContractForm<Values>(staffMemberInput, {
    initialValues: { fullName: '', designation: '', phone: '', joinedOn: today, leftOn: '' },
    prepare: bodyOf,
  });
  const save = useSubmit({
    form,
    save: (values: Values) => create.mutateAsync(bodyOf(values)),
    saved: (member) => t('staff.members.added', { name: member.fullName }),
    done: onClose,
  });
  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('staff.members.addForm')}>
      <Stack gap="md">
        <TextInput label={t('staff.members.fullName')} required maxLength={STAFF_MEMBER_LIMITS.fullName} data-autofocus {...form.getInputProps('fullName')} error={errorText(form.errors.fullName)} />
        <TextInput
          label={t('staff.members.designation')}
          description={t('staff.members.designationHint')}
          required
          maxLength={STAFF_MEMBER_LIMITS.designation}
          {...form.getInputProps('designation')}
          error={errorText(form.errors.designation)}
        />
        <TextInput label={t('staff.members.phone')} type="tel" inputMode="tel" autoComplete="off" maxLength={16} {...form.getInputProps('phone')} error={errorText(form.errors.phone)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField label={t('staff.members.joinedOn')} required {...form.getInputProps('joinedOn')} error={errorText(form.errors.joinedOn)} />
          <DateField label={t('staff.members.leftOn')} description={t('staff.members.leftOnHint')} {...form.getInputProps('leftOn')} error={errorText(form.errors.leftOn)} />
        </SimpleGrid>
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('staff.members.addSubmit')} pending={save.pending} />
      </Stack>
    </form>
  );
}
