import { Button, Card, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOTICE_LIMITS, NOTICE_ROLES, ROLE_KEY, noticeInput, type Notice } from '@shala/contract';
import { useCreateNotice, useUpdateNotice } from '../../api/notices';
import { FormFooter } from '../../components/FormFooter';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { schoolToday } from '../attendance';
import { emptyNotice, noticeBody, noticeValues, type NoticeFormValues } from './noticeForm';
import { useSubmit } from '../../lib/useSubmit';
import { DateField } from '../../components/DateField';

/**
 * Publish a notice (title, text, date: the school's today by default, the roles it is for) or edit
 * one. The contract's schema checks in the browser; the server's refusals land on their fields.
 * Saved: a toast, then the list of notices.
 */
export function NoticeForm({ notice }: { notice?: Notice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorToken();
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const form = useContractForm<NoticeFormValues>(noticeInput, {
    initialValues: notice ? noticeValues(notice) : emptyNotice(schoolToday()),
    prepare: noticeBody,
  });
  const roles = NOTICE_ROLES.map((r) => ({ value: String(r), label: t(ROLE_KEY[r]) }));

  const submit = useSubmit({
    form,
    save: (values: NoticeFormValues) => (notice ? update.mutateAsync({ noticeId: notice.noticeId, body: noticeBody(values) }) : create.mutateAsync(noticeBody(values))),
    saved: (saved) => t(notice ? 'notices.form.saved' : 'notices.form.published', { title: saved.title }),
    done: () => void navigate('/viewall_notice'),
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={760}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={t(notice ? 'notices.form.editForm' : 'notices.form.addForm')}>
        <Stack gap="md">
          <TextInput
            label={t('notices.form.title')}
            required
            maxLength={NOTICE_LIMITS.title}
            data-autofocus
            {...form.getInputProps('title')}
            error={errorText(form.errors.title)}
          />
          <Textarea
            label={t('notices.form.description')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={NOTICE_LIMITS.description}
            {...form.getInputProps('description')}
            error={errorText(form.errors.description)}
          />
          <DateField
            label={t('notices.form.date')}
            required
            maw={240}
            {...form.getInputProps('date')}
            error={errorText(form.errors.date)}
          />
          <MultiSelect
            label={t('notices.form.roles')}
            description={notice ? t('notices.form.rolesEditHint') : t('notices.form.rolesHint')}
            placeholder={form.values.roles.length ? undefined : t('notices.form.rolesPlaceholder')}
            required
            data={roles}
            clearable
            hidePickedOptions
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('roles')}
            error={errorText(form.errors.roles)}
          />
          <FormFooter failure={submit.failure} cancelTo="/viewall_notice">
            <Button type="submit" loading={submit.pending}>
              {notice ? t('common.saveChanges') : t('notices.form.publish')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Card>
  );
}
