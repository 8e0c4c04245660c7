import { MultiSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { holidayInput, holidayUpdate, NOTIFY_ROLES, ROLE_KEY, type AcademicSession, type Holiday } from '@shala/contract';
import { useCreateHoliday, useUpdateHoliday } from '../../api/calendar';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { createBody, emptyHoliday, holidayValues, updateBody, type HolidayFormValues } from './holidayForm';
import { useSubmit } from '../../lib/useSubmit';
import { ModalFooter } from '../../components/ModalFooter';
import { DateField } from '../../components/DateField';

type Target = { mode: 'create'; session: AcademicSession } | { mode: 'edit'; holiday: Holiday; session: AcademicSession | null };

/**
 * Add a holiday to the session (a day, or a range with a last day; optionally announced to chosen
 * roles) or edit one. The contract's schema checks in the browser; the server's refusals (outside
 * the session, overlapping another holiday) land on the dates.
 */
export function HolidayForm({ target, onDone, onCancel }: { target: Target; onDone?: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const editing = target.mode === 'edit';
  const form = useContractForm<HolidayFormValues>(editing ? holidayUpdate : holidayInput, {
    initialValues: editing ? holidayValues(target.holiday) : emptyHoliday(),
    prepare: (v) => (target.mode === 'edit' ? updateBody(v) : createBody(v, target.session.sessionId)),
  });
  const roles = NOTIFY_ROLES.map((r) => ({ value: String(r), label: t(ROLE_KEY[r]) }));
  const bounds = target.session ? { min: target.session.startDate, max: target.session.endDate } : {};

  const save = useSubmit({
    form,
    save: (values: HolidayFormValues) =>
      target.mode === 'create'
        ? create.mutateAsync(createBody(values, target.session.sessionId))
        : update.mutateAsync({ holidayId: target.holiday.holidayId, body: updateBody(values) }),
    saved: (_, values) => {
      const title = values.title.trim();
      if (editing) return t('calendar.holidays.saved', { title });
      const named = values.notifyRoles.map((r) => t(ROLE_KEY[Number(r) as keyof typeof ROLE_KEY])).join(', ');
      return named ? t('calendar.holidays.addedNotified', { title, roles: named }) : t('calendar.holidays.added', { title });
    },
    done: () => {
      if (!editing) form.reset();
      onDone?.();
    },
  });

  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={editing ? t('calendar.holidays.editForm') : t('calendar.holidays.addForm')}>
      <Stack gap="md">
        <TextInput label={t('calendar.holidays.title')} required maxLength={100} data-autofocus {...form.getInputProps('title')} error={errorText(form.errors.title)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            label={t('calendar.holidays.startDate')}
            required
            {...bounds}
            {...form.getInputProps('startDate')}
            error={errorText(form.errors.startDate)}
          />
          <DateField
            label={t('calendar.holidays.endDate')}
            description={t('calendar.holidays.endDateHint')}
            {...bounds}
            {...form.getInputProps('endDate')}
            error={errorText(form.errors.endDate)}
          />
        </SimpleGrid>
        <Textarea
          label={t('calendar.holidays.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          {...form.getInputProps('description')}
          error={errorText(form.errors.description)}
        />
        {editing ? null : (
          <MultiSelect
            label={t('calendar.holidays.notifyRoles')}
            description={t('calendar.holidays.notifyRolesHint')}
            placeholder={form.values.notifyRoles.length ? undefined : t('calendar.holidays.notifyNobody')}
            data={roles}
            clearable
            hidePickedOptions
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('notifyRoles')}
            error={errorText(form.errors.notifyRoles)}
          />
        )}
        <ModalFooter failure={save.failure} onCancel={onCancel} label={editing ? t('common.saveChanges') : t('calendar.holidays.add')} pending={save.pending} />
      </Stack>
    </form>
  );
}
